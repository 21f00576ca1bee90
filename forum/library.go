package forum

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// An Entry is one puzzle of a library line: its grid, and what the
// library says about it.
type Entry struct {
	// Grid holds the givens (for HoDoKu, the digits placed so far too) and,
	// for HoDoKu's deleted candidates, the remaining candidates as pencil
	// marks.
	Grid sudoku.Grid
	// Rating is Sudoku Explainer's rating as "ER/EP/ED" ("9.4/9.4/9.1"),
	// or "" for a HoDoKu line.
	Rating string
	// Technique is what the line says solves or tests the puzzle: the text
	// after a Sudoku Explainer rating, or HoDoKu's technique by name and
	// code with the step it expects ("ALS-XZ (0901) digits 1; eliminates
	// 514 519").
	Technique string
}

// seRating matches Sudoku Explainer's rating after the puzzle: "ED=9.4/9.4/9.1"
// (serate's "%g ED=%r/%p/%d") or the bare "9.4/9.4/9.1", and what follows.
var seRating = regexp.MustCompile(`^(?:ED=)?(\d{1,2}\.\d)/(\d{1,2}\.\d)/(\d{1,2}\.\d)(?:\s+(.*))?$`)

// LooksLibrary reports whether line is a library line: HoDoKu's
// ":code:…" form, or a puzzle followed by a Sudoku Explainer rating.
func LooksLibrary(line string) bool {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, ":") {
		f := strings.Split(line, ":")
		return len(f) >= 5 && hodokuCode.MatchString(f[1])
	}
	puzzle, rest, ok := strings.Cut(line, " ")
	return ok && len(puzzle) >= 16 && seRating.MatchString(strings.TrimSpace(rest))
}

// ParseLibrary reads one library line:
//
//   - Sudoku Explainer's rated puzzle: the puzzle (any one-line form
//     sudoku.Parse reads), a space, and "ED=ER/EP/ED" or "ER/EP/ED",
//     optionally followed by text (a technique's name); a puzzle without
//     a rating reads as in a text file, what follows it a comment;
//   - HoDoKu's library line ":code:digits:puzzle:deleted:eliminations:placements:extra:",
//     the form of its technique libraries: the puzzle has '+' before the
//     digits placed since the givens, deleted lists candidates removed
//     ("<digit><row><column>", 1-based, separated by spaces), which become
//     pencil marks, and the rest is the step the line tests.
func ParseLibrary(line string, opt sudoku.ParseOptions) (Entry, error) {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, ":") {
		return parseHoDoKu(line)
	}
	puzzle, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	m := seRating.FindStringSubmatch(rest)
	if m == nil && (strings.HasPrefix(rest, "ED=") || looksRating.MatchString(rest)) {
		return Entry{}, fmt.Errorf("%w: %q is not a Sudoku Explainer rating (\"ED=9.4/9.4/9.1\")", ErrLibrary, clip(rest))
	}
	g, err := sudoku.Parse(puzzle, opt)
	if err != nil || m == nil {
		// A line without a rating is a puzzle and a comment, as in a
		// text file: a library may mix rated and unrated lines.
		return Entry{Grid: g}, err
	}
	return Entry{Grid: g, Rating: m[1] + "/" + m[2] + "/" + m[3], Technique: m[4]}, nil
}

// looksRating matches the start of what was meant as a rating: numbers
// and slashes.
var looksRating = regexp.MustCompile(`^[0-9.]+/`)

// clip shortens s for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}

// ErrLibrary reports a line that is not a library line.
var ErrLibrary = errors.New("forum: malformed library line")

// hodokuCode is a technique code: four digits, then a variant ("-1",
// "-x") or a fifth digit.
var hodokuCode = regexp.MustCompile(`^(\d{4})(?:\d|-\d|-x)?$`)

func parseHoDoKu(line string) (Entry, error) {
	f := strings.Split(line, ":")
	for len(f) < 9 {
		f = append(f, "")
	}
	m := hodokuCode.FindStringSubmatch(f[1])
	if m == nil {
		return Entry{}, fmt.Errorf("%w: HoDoKu technique code %q is not four digits", ErrLibrary, f[1])
	}
	digits := strings.ReplaceAll(f[3], "+", "")
	if len(digits) != n*n {
		return Entry{}, fmt.Errorf("%w: the HoDoKu puzzle has %d cells, want %d", ErrLibrary, len(digits), n*n)
	}
	g, err := sudoku.Parse(digits, sudoku.ParseOptions{})
	if err != nil {
		return Entry{}, err
	}
	deleted, err := candidates(f[4])
	if err != nil {
		return Entry{}, err
	}
	const all = 1<<n - 1
	marks := map[int]uint64{}
	for _, c := range deleted {
		if g.Cells[c.cell] == 0 {
			if _, ok := marks[c.cell]; !ok {
				marks[c.cell] = all
			}
			marks[c.cell] &^= 1 << (c.digit - 1)
		}
	}
	for cell, set := range marks {
		if set == 0 {
			return Entry{}, fmt.Errorf("%w: every candidate of r%dc%d is deleted", ErrLibrary, cell/n+1, cell%n+1)
		}
		g.SetMarks(cell/n, cell%n, set)
	}
	for _, field := range []string{f[5], f[6]} {
		if _, err := candidates(field); err != nil {
			return Entry{}, err
		}
	}
	tech := m[1]
	if name := techniques[m[1]]; name != "" {
		tech = name + " (" + m[1] + ")"
	}
	if v := strings.TrimPrefix(f[1], m[1]); v != "" {
		tech += " variant " + strings.TrimPrefix(v, "-")
	}
	for _, part := range []struct{ what, v string }{{"digits", f[2]}, {"eliminates", f[5]}, {"places", f[6]}, {"extra", f[7]}} {
		if v := strings.TrimSpace(part.v); v != "" {
			tech += "; " + part.what + " " + v
		}
	}
	return Entry{Grid: g, Technique: tech}, nil
}

// A candidate is a digit in a cell (row-major index).
type candidate struct{ digit, cell int }

// candidates reads HoDoKu's candidate list: "<digit><row><column>" tokens,
// 1-based, separated by spaces.
func candidates(s string) ([]candidate, error) {
	var out []candidate
	for _, tok := range strings.Fields(s) {
		v, err := strconv.Atoi(tok)
		if err != nil || len(tok) != 3 || strings.ContainsRune(tok, '0') {
			return nil, fmt.Errorf("%w: HoDoKu candidate %q is not <digit><row><column>", ErrLibrary, tok)
		}
		out = append(out, candidate{digit: v / 100, cell: (v/10%10-1)*n + v%10 - 1})
	}
	return out, nil
}

// techniques names HoDoKu's technique codes (its library and
// regression-test files use them).
var techniques = map[string]string{
	"0000": "Full House", "0002": "Hidden Single", "0003": "Naked Single",
	"0100": "Locked Candidates Type 1 (Pointing)", "0101": "Locked Candidates Type 2 (Claiming)",
	"0110": "Locked Pair", "0111": "Locked Triple",
	"0200": "Naked Pair", "0201": "Naked Triple", "0202": "Naked Quadruple",
	"0210": "Hidden Pair", "0211": "Hidden Triple", "0212": "Hidden Quadruple",
	"0300": "X-Wing", "0301": "Swordfish", "0302": "Jellyfish",
	"0310": "Finned X-Wing", "0311": "Finned Swordfish", "0312": "Finned Jellyfish",
	"0320": "Sashimi X-Wing", "0321": "Sashimi Swordfish", "0322": "Sashimi Jellyfish",
	"0330": "Franken X-Wing", "0331": "Franken Swordfish", "0332": "Franken Jellyfish",
	"0340": "Finned Franken X-Wing", "0341": "Finned Franken Swordfish", "0342": "Finned Franken Jellyfish",
	"0350": "Mutant X-Wing", "0351": "Mutant Swordfish", "0352": "Mutant Jellyfish",
	"0360": "Finned Mutant X-Wing", "0361": "Finned Mutant Swordfish", "0362": "Finned Mutant Jellyfish",
	"0400": "Skyscraper", "0401": "2-String Kite", "0402": "Empty Rectangle", "0403": "Turbot Fish",
	"0500": "Simple Colors", "0501": "Multi-Colors",
	"0600": "Uniqueness Test 1", "0601": "Uniqueness Test 2", "0602": "Uniqueness Test 3",
	"0603": "Uniqueness Test 4", "0604": "Uniqueness Test 5", "0605": "Uniqueness Test 6",
	"0606": "Hidden Rectangle", "0607": "Avoidable Rectangle Type 1", "0608": "Avoidable Rectangle Type 2",
	"0610": "BUG+1",
	"0701": "X-Chain", "0702": "XY-Chain", "0703": "Remote Pair",
	"0706": "Continuous Nice Loop", "0707": "Discontinuous Nice Loop", "0708": "AIC",
	"0709": "Grouped Continuous Nice Loop", "0710": "Grouped Discontinuous Nice Loop", "0711": "Grouped AIC",
	"0800": "XY-Wing", "0801": "XYZ-Wing", "0803": "W-Wing",
	"0901": "ALS-XZ", "0902": "ALS-XY-Wing", "0903": "ALS Chain", "0904": "Death Blossom",
	"1101": "Sue de Coq", "1201": "Template Set", "1202": "Template Delete",
	"1301": "Forcing Chain Contradiction", "1302": "Forcing Chain Verity",
	"1303": "Forcing Net Contradiction", "1304": "Forcing Net Verity",
}
