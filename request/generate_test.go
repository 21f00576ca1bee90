package request

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// propOnly looks up prop, and refuses any other backend by name.
func propOnly(name string) (model.Solver, error) {
	if name != "prop" {
		return nil, fmt.Errorf("no backend %q here", name)
	}
	return prop.New(), nil
}

func TestGeneratorDoIsTheRunsPuzzle(t *testing.T) {
	ctx := context.Background()
	o := GenOptions{Shape: "4", Seed: 9, First: 3, CageSize: DefaultCageSize}
	g, err := NewGenerator(ctx, o, propOnly)
	require.NoError(t, err)
	assert.Equal(t, "prop", g.Backend())
	var run []string
	require.NoError(t, g.Generator().Generate(ctx, o.First, 4, 2, func(p generate.Puzzle) error {
		a, err := g.Print(ctx, p)
		run = append(run, string(a.Text))
		return err
	}))
	for i, want := range run {
		a := g.Do(ctx, i)
		assert.Equal(t, want, string(a.Text), "puzzle %d of the run is generate's index %d", i, o.First+i)
		assert.False(t, a.Negative || a.Limited)
		// A line that reads back as a 4x4 puzzle with givens from its
		// solution (the generate package proves it unique).
		gr, err := sudoku.Parse(strings.TrimSpace(string(a.Text)), sudoku.ParseOptions{})
		require.NoError(t, err)
		assert.Equal(t, 4, gr.Shape.N())
	}
}

func TestGeneratorRecordAndCrosscheck(t *testing.T) {
	ctx := context.Background()
	o := GenOptions{Shape: "2x3", Variant: "diagonal", Seed: 2, First: 5, JSON: true, Crosscheck: true, CageSize: DefaultCageSize}
	// prop proves; the crosscheck asks sat, which this lookup refuses.
	_, err := NewGenerator(ctx, o, propOnly)
	assert.ErrorContains(t, err, `no backend "sat"`)
	o.Backend = "sat"
	_, err = NewGenerator(ctx, o, propOnly)
	assert.ErrorContains(t, err, `no backend "sat"`)
	o.Backend, o.Crosscheck = "prop", false
	g, err := NewGenerator(ctx, o, propOnly)
	require.NoError(t, err)
	a := g.Do(ctx, 1)
	s := string(a.Text)
	for _, want := range []string{`"source":"generate"`, `"line":2`, `"index":6`, `"seed":"2"`, `"variants":["diagonal"]`,
		`"link":"https://f-puzzles.com/?load=`, `"backend":"prop"`} {
		assert.Contains(t, s, want)
	}
	assert.True(t, strings.HasSuffix(s, "}\n"))
}

func TestNewGeneratorRefuses(t *testing.T) {
	for _, tc := range []struct {
		o    GenOptions
		want string
	}{
		{GenOptions{Shape: "7", CageSize: 5}, "7"},
		{GenOptions{Shape: "9", Symmetry: "spiral", CageSize: 5}, "symmetry"},
		{GenOptions{Shape: "9", Clues: 3, CageSize: 5}, "clues need a variant"},
		{GenOptions{Shape: "9", First: -1}, "--first -1"},
		{GenOptions{Shape: "9", Givens: -1, CageSize: 5}, "must not be negative"},
		{GenOptions{Shape: "9", CageSize: 1}, "cage size 1"},
		{GenOptions{Shape: "9", Difficulty: "impossible", CageSize: 5}, "impossible"},
		{GenOptions{Shape: "16", CageSize: 5}, `no backend "auto"`},
	} {
		_, err := NewGenerator(context.Background(), tc.o, propOnly)
		assert.ErrorContains(t, err, tc.want, "%+v", tc.o)
	}
}

func TestGenFailed(t *testing.T) {
	a := GenFailed(fmt.Errorf("%w: puzzle 0", generate.ErrAttempts))
	assert.True(t, a.Limited)
	assert.Contains(t, a.Warning, "puzzle 0")
	assert.Nil(t, a.Text)
	a = GenFailed(context.DeadlineExceeded)
	assert.True(t, a.Limited)
	assert.NotEmpty(t, a.Warning)
	a = GenFailed(context.Canceled)
	assert.Equal(t, Answer{Limited: true}, a, "an interrupt is no news")
	a = GenFailed(errors.New("link too long"))
	assert.Equal(t, "link too long", a.Error)
	assert.False(t, a.Limited)

	// The attempts running out, through Do.
	g, err := NewGenerator(context.Background(), GenOptions{Shape: "9", Seed: 1, Minimal: true, Givens: 18, Attempts: 1, CageSize: 5}, propOnly)
	require.NoError(t, err)
	a = g.Do(context.Background(), 0)
	assert.True(t, a.Limited)
	assert.Contains(t, a.Warning, "no puzzle within the attempts")
}

func ExampleGenerator_Do() {
	g, err := NewGenerator(context.Background(), GenOptions{Shape: "4", Seed: 1, CageSize: DefaultCageSize}, func(string) (model.Solver, error) {
		return prop.New(), nil
	})
	if err != nil {
		panic(err)
	}
	a := g.Do(context.Background(), 0)
	fmt.Println(len(a.Text), a.Negative, a.Limited)
	// Output: 17 false false
}

// A generated puzzle's record reads as the other records do: the two
// schema numbers move together.
func TestGenerateSchemaIsPuzzles(t *testing.T) {
	require.Equal(t, puzzle.Schema, generate.Schema)
}
