package fpuzzles_test

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// publishedCells reads a published solution: digits row by row, or
// numbers separated by spaces above 9x9.
func publishedCells(t *testing.T, n int, text string) []int {
	t.Helper()
	fields := strings.Fields(text)
	if len(fields) == 1 {
		fields = strings.Split(text, "")
	}
	require.Len(t, fields, n*n, "published solution")
	cells := make([]int, n*n)
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		require.NoError(t, err)
		require.True(t, v >= 1 && v <= n, "published solution value %d", v)
		cells[i] = v
	}
	return cells
}

// solutionOf returns the model solution of a published solution.
func solutionOf(t *testing.T, g sudoku.Grid, text string) model.Solution {
	t.Helper()
	n := g.Shape.N()
	sol := make(model.Solution, n*n)
	for i, v := range publishedCells(t, n, text) {
		sol[i] = model.Cand(i*n + v - 1)
	}
	return sol
}

// TestReferenceReadings: four published puzzles that were answered "none"
// are unique, with their published solutions, on DLX and SAT (see
// testdata/reference/README.md).
func TestReferenceReadings(t *testing.T) {
	for _, tc := range []struct{ file, solution string }{
		{"dcl-016", "194573628528694713637281549769428351382165974451937862843716295216859437975342186"},
		{"kaji-006", "526413461352312546245631153264634125"},
		{"dcl-039", "374526198956781324182349765719465832463218579528937416247653981835192647691874253"},
		{"iss-081", "983162475451793862627458319169325748845917623732684951316249587298576134574831296"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "reference", tc.file+".json"))
			require.NoError(t, err)
			p, err := fpuzzles.Decode(string(data))
			require.NoError(t, err)
			m, err := rules.Build(p.Grid, p.Variants...)
			require.NoError(t, err)
			require.NoError(t, model.Check(m, solutionOf(t, p.Grid, tc.solution)), "the published solution keeps every rule")
			for _, s := range []model.Solver{dlx.New(), sat.New()} {
				res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
				require.NoError(t, err)
				require.Equal(t, model.Unique, res.Status, "%T", s)
				g, err := rules.Decode(p.Grid.Shape, res.Solutions[0])
				require.NoError(t, err)
				assert.Equal(t, tc.solution, g.Line(), "%T", s)
			}
		})
	}
}

// sharedVariants is the published variant set beside the repository.
var sharedVariants = filepath.Join("..", "..", "shared", "data", "variants")

// notUnique lists the puzzles of the shared set that are not unique as
// published: two solutions keep every rule (the set's README names
// iss-160). iss-087 (Logic Masters 00022p, converted from another
// solver's format) lists digits twice in quadruples, meaning "twice"; the
// f-puzzles reference solver, and sudokit reading its documents, read a
// digit listed twice as once, which leaves it several solutions
// (TestQuadrupleRepeatsInFpuzzles; variants' quadruple-repeats is the
// same puzzle with "twice").
var notUnique = map[string]bool{"iss-160": true, "iss-087": true}

// malformed lists the puzzles of the shared set that are not f-puzzles as
// the format defines it, with the error that names why (the set's README
// says and-001 writes a cage total as ">3").
var malformed = map[string]string{"and-001": `killercage[5]: value ">3" is not a whole number`}

// TestSharedVariants reads every puzzle of the published variant set
// (../shared/data/variants, skipped when absent): each loads or is refused
// by name as unsupported; each published solution keeps every rule as
// sudokit reads it; and each puzzle with one, searched for a few seconds,
// is unique with that solution, or not unique with two solutions that
// both keep every rule, and never "none". A search that runs out of time
// says nothing (that is the variant engine's benchmark, not this test's);
// the time limit bounds the test, it decides no verdict.
func TestSharedVariants(t *testing.T) {
	f, err := os.Open(filepath.Join(sharedVariants, "manifest.csv"))
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("needs ../shared/data/variants, which is absent")
	}
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.Equal(t, "published_solution", rows[0][6], "manifest columns")
	rows = rows[1:]
	require.GreaterOrEqual(t, len(rows), 200)

	limit := 2 * time.Second
	if testing.Short() {
		limit = 0
	}
	var loaded, refused, checked, unique, multiple, undecided int
	for _, row := range rows {
		id, solution := row[0], row[6]
		data, err := os.ReadFile(filepath.Join(sharedVariants, id+".json"))
		require.NoError(t, err, id)
		p, err := fpuzzles.Decode(string(data))
		if err != nil {
			if want, ok := malformed[id]; ok {
				require.ErrorContains(t, err, want, id)
			} else {
				require.ErrorIs(t, err, fpuzzles.ErrUnsupported, "%s: a puzzle sudokit cannot read is refused by name", id)
			}
			refused++
			continue
		}
		loaded++
		if solution == "" {
			continue
		}
		m, err := rules.Build(p.Grid, p.Variants...)
		require.NoError(t, err, id)
		require.NoError(t, model.Check(m, solutionOf(t, p.Grid, solution)), "%s: the published solution breaks a rule as sudokit reads it", id)
		checked++
		if limit == 0 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		res, err := auto.New().Solve(ctx, m, model.Options{Limit: 2})
		cancel()
		require.NoError(t, err, id)
		switch res.Status {
		case model.Unique:
			g, err := rules.Decode(p.Grid.Shape, res.Solutions[0])
			require.NoError(t, err)
			assert.Equal(t, publishedCells(t, g.Shape.N(), solution), g.Cells, "%s: unique, but not the published solution", id)
			unique++
		case model.Multiple:
			require.Len(t, res.Solutions, 2, id)
			for _, sol := range res.Solutions {
				require.NoError(t, model.Check(m, sol), id)
			}
			assert.True(t, notUnique[id], "%s: two solutions keep every rule, and the set's README does not say it is not unique", id)
			multiple++
		case model.Unknown:
			undecided++
		default:
			t.Errorf("%s: %v, but its published solution keeps every rule", id, res.Status)
		}
	}
	t.Logf("%d puzzles: %d loaded, %d refused by name; %d published solutions keep every rule; searched %v each: %d unique, %d multiple, %d undecided",
		len(rows), loaded, refused, checked, limit, unique, multiple, undecided)
	assert.Positive(t, checked)
}
