package backtrack_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// readCorpus returns the first n puzzle lines of a shared data file, or
// skips tb when the file is missing.
func readCorpus(tb testing.TB, name string, n int) []string {
	tb.Helper()
	return fixture.Data(tb, name, n)
}

// shapeRules memoizes the standard rules of each shape, so that the models
// of one shape share a RulesID, as they do in the CLI.
var shapeRules sync.Map // sudoku.Shape -> *rules.Set

func standardRules(tb testing.TB, s sudoku.Shape) *rules.Set {
	tb.Helper()
	if v, ok := shapeRules.Load(s); ok {
		return v.(*rules.Set)
	}
	rs, err := rules.New(s)
	require.NoError(tb, err)
	v, _ := shapeRules.LoadOrStore(s, rs)
	return v.(*rules.Set)
}

// gridModel parses a puzzle and returns its model under the standard rules.
func gridModel(tb testing.TB, text string) *model.Model {
	tb.Helper()
	g, err := sudoku.Parse(text, sudoku.ParseOptions{})
	require.NoError(tb, err, text)
	m, err := standardRules(tb, g.Shape).Model(g)
	require.NoError(tb, err, text)
	return m
}

// blankModel returns the model of an empty grid with the given boxes.
func blankModel(tb testing.TB, boxRows, boxCols int) *model.Model {
	tb.Helper()
	s, err := sudoku.NewShape(boxRows, boxCols)
	require.NoError(tb, err)
	return standardRules(tb, s).Base()
}

// solutionKeys renders solutions as sorted strings, for comparing sets.
func solutionKeys(sols []model.Solution) []string {
	keys := make([]string, len(sols))
	for i, s := range sols {
		keys[i] = fmt.Sprint([]model.Cand(s))
	}
	slices.Sort(keys)
	return keys
}
