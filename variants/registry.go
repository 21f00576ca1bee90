package variants

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// An Entry describes a variant users select by name.
type Entry struct {
	// Name is what users type; it is also the variant's Name().
	Name string
	// Aliases are other names that select the same variant.
	Aliases []string
	// Summary is a one-line description of the rule, for help texts.
	Summary string
	// New returns the variant.
	New func() rules.Variant
}

// A Family is one variant family as a unit: the variants users select by
// name, how its constraints travel in f-puzzles documents and how to make a
// random instance of it. Each family lives in a file of its own and
// registers itself with [RegisterFamily].
type Family struct {
	// Name names the family ("kropki").
	Name string
	// Summary is a one-line description of the rule, for help texts.
	Summary string
	// Order places the family among the others: its variants come in
	// that order out of a decoded puzzle, and its members in an encoded
	// document (flags first, then "negative", then the lists). The built-in
	// families use multiples of 10 from 10.
	Order int
	// Entries are the variants selected by name, if any (families that
	// carry cells, lines or dots have none).
	Entries []Entry
	// Codec reads and writes the family in f-puzzles documents; nil when it
	// has no f-puzzles form.
	Codec *Codec
	// Fuzz returns one random instance of the family for shape s; it may
	// return a variant the shape refuses (windoku on oblong boxes). The
	// backend-agreement fuzz test combines them.
	Fuzz func(s sudoku.Shape, rng *rand.Rand) rules.Variant
}

// A Codec maps a family's variants to the f-puzzles document and back.
type Codec struct {
	// Keys are the top-level members it reads and writes, in the order a
	// document holds them.
	Keys []string
	// Negatives are the names of "negative" it owns ("xv").
	Negatives []string
	// Types holds a value of each variant type it encodes.
	Types []rules.Variant
	// Decode returns the family's variants in a document: none when the
	// document does not use it. Errors wrap fpdoc.ErrSyntax or
	// fpdoc.ErrUnsupported.
	Decode func(r *fpdoc.Reader) ([]rules.Variant, error)
	// Encode writes vs, the puzzle's variants of the family in their
	// order, all of one of Types. Errors need not name the format.
	Encode func(w *fpdoc.Writer, vs []rules.Variant) error
}

var (
	mu       sync.RWMutex
	entries  = map[string]*Entry{}        // by name and alias
	names    []string                     // primary names, sorted
	families []*Family                    // by Order, then Name
	claimed  = map[string]string{}        // f-puzzles key or "negative NAME" -> family
	byType   = map[reflect.Type]*Family{} // variant type -> family that encodes it
)

// Register makes a variant available by name and aliases. Names are matched
// case-insensitively. Registering a name twice is an error.
func Register(e Entry) error {
	mu.Lock()
	defer mu.Unlock()
	if err := checkEntry(e); err != nil {
		return err
	}
	addEntry(e)
	return nil
}

// RegisterFamily registers a family: its entries by name, its codec's keys,
// negative names and types. A name, key, negative name or type that another
// family holds is an error, and leaves nothing registered.
func RegisterFamily(f Family) error {
	mu.Lock()
	defer mu.Unlock()
	if f.Name == "" {
		return fmt.Errorf("variants: register needs a family name")
	}
	for _, o := range families {
		if o.Name == f.Name {
			return fmt.Errorf("variants: family %q is already registered", f.Name)
		}
	}
	for i, e := range f.Entries {
		if err := checkEntry(e); err != nil {
			return err
		}
		for _, o := range f.Entries[:i] {
			if strings.EqualFold(o.Name, e.Name) {
				return fmt.Errorf("variants: %q is already registered", e.Name)
			}
		}
	}
	if err := checkCodec(f.Name, f.Codec); err != nil {
		return err
	}
	for _, e := range f.Entries {
		addEntry(e)
	}
	fam := &f
	if c := f.Codec; c != nil {
		for _, k := range claims(c) {
			claimed[k] = f.Name
		}
		for _, v := range c.Types {
			byType[reflect.TypeOf(v)] = fam
		}
	}
	families = append(families, fam)
	sort.SliceStable(families, func(i, j int) bool {
		a, b := families[i], families[j]
		return a.Order < b.Order || a.Order == b.Order && a.Name < b.Name
	})
	return nil
}

func mustRegister(f Family) {
	if err := RegisterFamily(f); err != nil {
		panic(err)
	}
}

// checkEntry reports why e cannot be registered. mu is held.
func checkEntry(e Entry) error {
	if e.Name == "" || e.New == nil {
		return fmt.Errorf("variants: register needs a name and a constructor")
	}
	for _, k := range append([]string{e.Name}, e.Aliases...) {
		if _, dup := entries[strings.ToLower(k)]; dup {
			return fmt.Errorf("variants: %q is already registered", k)
		}
	}
	return nil
}

// addEntry registers a checked entry. mu is held.
func addEntry(e Entry) {
	for _, k := range append([]string{e.Name}, e.Aliases...) {
		entries[strings.ToLower(k)] = &e
	}
	names = append(names, e.Name)
	sort.Strings(names)
}

// claims lists what a codec owns: its keys and "negative NAME" per name.
func claims(c *Codec) []string {
	out := append([]string(nil), c.Keys...)
	for _, n := range c.Negatives {
		out = append(out, "negative "+n)
	}
	return out
}

// checkCodec reports why family name cannot register codec c. mu is held.
func checkCodec(name string, c *Codec) error {
	if c == nil {
		return nil
	}
	if c.Decode == nil || c.Encode == nil || len(c.Types) == 0 {
		return fmt.Errorf("variants: family %q: a codec needs Decode, Encode and Types", name)
	}
	for _, k := range claims(c) {
		if o, dup := claimed[k]; dup {
			return fmt.Errorf("variants: family %q: f-puzzles %q belongs to family %q", name, k, o)
		}
	}
	for _, v := range c.Types {
		if o, dup := byType[reflect.TypeOf(v)]; dup {
			return fmt.Errorf("variants: family %q: %T belongs to family %q", name, v, o.Name)
		}
	}
	return nil
}

// Lookup returns the variant registered under name or one of its aliases.
func Lookup(name string) (rules.Variant, error) {
	mu.RLock()
	e, ok := entries[strings.ToLower(strings.TrimSpace(name))]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("variants: unknown variant %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return e.New(), nil
}

// ParseList reads a comma-separated list of variant names ("diagonal,..."). An
// empty list means the classic rules only. A variant named twice is an error.
func ParseList(list string) ([]rules.Variant, error) {
	var out []rules.Variant
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		if strings.TrimSpace(name) == "" {
			continue
		}
		v, err := Lookup(name)
		if err != nil {
			return nil, err
		}
		if seen[v.Name()] {
			return nil, fmt.Errorf("variants: %q named twice", v.Name())
		}
		seen[v.Name()] = true
		out = append(out, v)
	}
	return out, nil
}

// Names returns the registered variants' primary names, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return append([]string(nil), names...)
}

// Entries returns the variants registered by name, sorted by name.
func Entries() []Entry {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Entry, 0, len(names))
	for _, n := range names {
		out = append(out, *entries[strings.ToLower(n)])
	}
	return out
}

// Families returns the registered families in their Order.
func Families() []Family {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Family, len(families))
	for i, f := range families {
		out[i] = *f
	}
	return out
}

// Named reports whether the family is one of the rule sets selected by
// name (its name is one of its entries'), rather than one that puzzles
// carry with them.
func (f Family) Named() bool {
	for _, e := range f.Entries {
		if e.Name == f.Name {
			return true
		}
	}
	return false
}

// FamilyOf returns the family whose codec encodes v's type.
func FamilyOf(v rules.Variant) (Family, bool) {
	mu.RLock()
	defer mu.RUnlock()
	f, ok := byType[reflect.TypeOf(v)]
	if !ok {
		return Family{}, false
	}
	return *f, true
}
