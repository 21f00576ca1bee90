package logic_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
)

// seRated is a puzzle with its published Sudoku Explainer rating (a line of
// testdata/se-ratings.txt).
type seRated struct {
	puzzle     string
	er, ep, ed float64
	technique  string // SE's name of the hardest step's technique
	id         string
}

// parseSERated reads a line "puzzle|ER|EP|ED|technique|id".
func parseSERated(line string) (seRated, error) {
	f := strings.Split(line, "|")
	if len(f) != 6 {
		return seRated{}, fmt.Errorf("want 6 fields separated by |, got %d", len(f))
	}
	r := seRated{puzzle: f[0], technique: f[4], id: f[5]}
	if len(r.puzzle) != 81 {
		return seRated{}, fmt.Errorf("puzzle %q: want 81 characters", r.puzzle)
	}
	for i, p := range []*float64{&r.er, &r.ep, &r.ed} {
		x, err := strconv.ParseFloat(f[1+i], 64)
		if err != nil || x < 1 || x > 12 {
			return seRated{}, fmt.Errorf("rating %q: want a number from 1 to 12", f[1+i])
		}
		*p = x
	}
	if r.ep > r.er || r.ed > r.ep {
		return seRated{}, fmt.Errorf("ratings %v/%v/%v: want ER >= EP >= ED", r.er, r.ep, r.ed)
	}
	if r.technique == "" || r.id == "" {
		return seRated{}, fmt.Errorf("want a technique and an id")
	}
	return r, nil
}

func TestParseSERated(t *testing.T) {
	puzzle := strings.Repeat(".", 80) + "1"
	r, err := parseSERated(puzzle + "|7.2|1.5|1.2|Forcing Chain|x-1")
	require.NoError(t, err)
	assert.Equal(t, seRated{puzzle, 7.2, 1.5, 1.2, "Forcing Chain", "x-1"}, r)
	for _, bad := range []string{
		"", puzzle + "|7.2|1.5|1.2|Forcing Chain", "1.2|7.2|1.5|1.2|FC|x",
		puzzle + "|x|1.5|1.2|FC|x", puzzle + "|13|1.5|1.2|FC|x", puzzle + "|1.2|1.5|1.2|FC|x",
		puzzle + "|7.2|1.5|1.2||x", puzzle + "|7.2|1.5|1.2|FC|",
	} {
		_, err := parseSERated(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func FuzzParseSERated(f *testing.F) {
	f.Add(strings.Repeat(".", 81) + "|7.2|1.5|1.2|Forcing Chain|x-1")
	f.Add("a|b|c")
	f.Fuzz(func(t *testing.T, line string) {
		r, err := parseSERated(line)
		if err == nil {
			assert.Len(t, r.puzzle, 81)
			assert.True(t, r.er >= r.ep && r.ep >= r.ed)
		}
	})
}

// spearman returns Spearman's rank correlation of x and y (ties take their
// average rank).
func spearman(x, y []float64) float64 {
	rx, ry := ranks(x), ranks(y)
	var mx, my float64
	for i := range rx {
		mx += rx[i] / float64(len(rx))
		my += ry[i] / float64(len(ry))
	}
	var sxy, sxx, syy float64
	for i := range rx {
		dx, dy := rx[i]-mx, ry[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

// ranks returns the rank of each value of x, from 1, ties averaged.
func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && x[idx[j]] == x[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			r[idx[k]] = float64(i+j+1) / 2
		}
		i = j
	}
	return r
}

func TestSpearman(t *testing.T) {
	assert.InDelta(t, 1, spearman([]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}), 1e-12)
	assert.InDelta(t, -1, spearman([]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}), 1e-12)
	// By the definition with average ranks: x ranks 1.5 1.5 3 4, y ranks 1 2
	// 4 3; Pearson of those.
	assert.InDelta(t, 0.7378647873726218, spearman([]float64{1, 1, 2, 3}, []float64{1, 2, 4, 3}), 1e-12)
	assert.Equal(t, []float64{1.5, 1.5, 3}, ranks([]float64{5, 5, 9}))
}

// agreement sums up how a rating (ER, EP or ED) agrees with the published
// one.
type agreement struct {
	exact, within01, within05 int
	spearman                  float64
}

func agree(ours, theirs []float64) agreement {
	var a agreement
	for i := range ours {
		d := math.Abs(ours[i] - theirs[i])
		if d < 0.001 {
			a.exact++
		}
		if d < 0.101 {
			a.within01++
		}
		if d < 0.501 {
			a.within05++
		}
	}
	a.spearman = spearman(ours, theirs)
	return a
}

// hardest returns the first step of p with the path's ER or, where the
// rating's replay took a step the path does not hold, the path's hardest.
func hardest(p logic.Path) logic.Step {
	var top logic.Step
	for _, st := range p.Steps {
		if st.Rating() == p.Rating.ER {
			return st
		}
		if st.Rating() > top.Rating() {
			top = st
		}
	}
	return top
}

// TestSERatings rates every puzzle of testdata/se-ratings.txt as sudokit
// grade --assume-unique does (the backend settles uniqueness; the default
// techniques and, as Sudoku Explainer assumes a unique solution, the
// uniqueness techniques; every rule read by the last techniques) and
// compares ER, EP and ED with the published Sudoku Explainer ratings: every
// puzzle must be unique and solved by the techniques, every step checked
// against the solution, and the agreement may not fall below what it was
// when last measured. go test ./logic -run TestSERatings -v prints the
// figures and, for each puzzle whose ER differs, SE's hardest technique
// against sudokit's.
func TestSERatings(t *testing.T) {
	lines := fixture.Lines(t, "../testdata/se-ratings.txt", 0)
	var rated []seRated
	for _, line := range lines {
		r, err := parseSERated(line)
		require.NoError(t, err, line)
		rated = append(rated, r)
	}
	opts := logic.Options{Solver: dlx.New(), Propagator: prop.New(), AssumeUnique: true}
	var ours, theirs [3][]float64
	var misses []string
	for _, r := range rated {
		m := build(t, r.puzzle, "")
		sol := solution(t, m)
		p, err := logic.Explain(context.Background(), m, opts)
		require.NoError(t, err, r.id)
		checkPath(t, m, p, sol)
		require.True(t, p.Solved, r.id)
		got := [3]float64{p.Rating.ER, p.Rating.EP, p.Rating.ED}
		want := [3]float64{r.er, r.ep, r.ed}
		for i := range got {
			ours[i] = append(ours[i], got[i])
			theirs[i] = append(theirs[i], want[i])
		}
		if math.Abs(got[0]-want[0]) > 0.001 {
			misses = append(misses, fmt.Sprintf("%-16s SE %4.1f %-28s sudokit %4.1f %s",
				r.id, r.er, r.technique, p.Rating.ER, hardest(p).Technique))
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d puzzles: rating, equal to SE's, within 0.1, within 0.5, Spearman\n", len(rated))
	var got [3]agreement
	for i, name := range []string{"ER", "EP", "ED"} {
		got[i] = agree(ours[i], theirs[i])
		a := got[i]
		fmt.Fprintf(&sb, "%s %3d %3d %3d %.3f\n", name, a.exact, a.within01, a.within05, a.spearman)
	}
	slices.Sort(misses)
	fmt.Fprintf(&sb, "ER differs on %d: SE's hardest technique, sudokit's\n%s", len(misses), strings.Join(misses, "\n"))
	t.Log("\n" + sb.String())

	// Floors: what was measured when the rating was last changed, less a
	// margin, so that a regression fails.
	assert.GreaterOrEqual(t, got[0].exact, 91, "ER equal to SE's")
	assert.GreaterOrEqual(t, got[0].within05, 96, "ER within 0.5 of SE's")
	assert.GreaterOrEqual(t, got[0].spearman, 0.99, "Spearman of ER")
	assert.GreaterOrEqual(t, got[1].spearman, 0.99, "Spearman of EP")
	assert.GreaterOrEqual(t, got[2].exact, 95, "ED equal to SE's")
}
