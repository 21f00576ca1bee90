package variants

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sudokit/sudokit/rules"
)

// An Entry describes a registered variant.
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

var (
	mu      sync.RWMutex
	entries = map[string]*Entry{} // by name and alias
	names   []string              // primary names, sorted
)

// Register makes a variant available by name and aliases. Names are matched
// case-insensitively. Registering a name twice is an error.
func Register(e Entry) error {
	if e.Name == "" || e.New == nil {
		return fmt.Errorf("variants: register needs a name and a constructor")
	}
	mu.Lock()
	defer mu.Unlock()
	keys := append([]string{e.Name}, e.Aliases...)
	for _, k := range keys {
		if _, dup := entries[strings.ToLower(k)]; dup {
			return fmt.Errorf("variants: %q is already registered", k)
		}
	}
	for _, k := range keys {
		entries[strings.ToLower(k)] = &e
	}
	names = append(names, e.Name)
	sort.Strings(names)
	return nil
}

func mustRegister(e Entry) {
	if err := Register(e); err != nil {
		panic(err)
	}
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

// Entries returns the registered variants, sorted by name.
func Entries() []Entry {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Entry, 0, len(names))
	for _, n := range names {
		out = append(out, *entries[strings.ToLower(n)])
	}
	return out
}
