package generate

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/variants"
)

// SetVariants reads a comma-separated list of rule names the way
// `sudokit generate --variant` and the web page's generator take it: the
// global rule sets of package variants ("diagonal", "antiknight" …),
// "jigsaw" (random regions per puzzle, Options.Jigsaw), "killer"
// (cages-only killers, Options.Killer) and one clue kind ("arrow",
// "littlekiller" or "thermo", Options.Clues). A name known to none of
// them, a name given twice or two clue kinds are errors.
func (o *Options) SetVariants(list string) error {
	var global []string
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		kind, kindErr := ParseClueKind(name)
		switch {
		case name == "":
		case strings.EqualFold(name, "jigsaw"):
			if o.Jigsaw {
				return fmt.Errorf("%w: jigsaw named twice", ErrOptions)
			}
			o.Jigsaw = true
		case strings.EqualFold(name, "killer"):
			if o.Killer {
				return fmt.Errorf("%w: killer named twice", ErrOptions)
			}
			o.Killer = true
		case kindErr == nil:
			if o.Clues != NoClues {
				return fmt.Errorf("%w: %s and %s: one kind of clue at a time", ErrOptions, o.Clues, kind)
			}
			o.Clues = kind
		default:
			global = append(global, name)
		}
	}
	vs, err := variants.ParseList(strings.Join(global, ","))
	if err != nil {
		return fmt.Errorf("%w: %w", ErrOptions, err)
	}
	o.Variants = append(o.Variants, vs...)
	return nil
}

// OwnRules reports whether the puzzle has rules of its own (regions, cages
// or clues drawn for it), beyond the global rule sets named in
// Options.Variants. A line of givens carries neither kind: the front ends
// write every puzzle with Variants as an f-puzzles link.
func (p Puzzle) OwnRules() bool {
	for _, v := range p.Variants {
		if _, err := variants.Lookup(v.Name()); err != nil {
			return true
		}
	}
	return false
}
