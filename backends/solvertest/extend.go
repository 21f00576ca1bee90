package solvertest

import (
	"testing"

	"github.com/sudokit/sudokit/model"
)

// Extend returns a model with the rules and groups of base (not its
// givens) and those add adds, for tests that put variant rules on a
// standard grid (Blank).
func Extend(tb testing.TB, base *model.Model, add func(b *model.Builder)) *model.Model {
	tb.Helper()
	b := model.NewBuilder(base.Cells(), base.Values())
	for _, r := range base.Rules() {
		b.AddRule(r)
	}
	for _, g := range base.Groups() {
		b.Group(g.Name, g.Cells, g.Rules...)
	}
	add(b)
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}
