package setter_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// holds reports whether grid g satisfies addition a, from the addition's
// definition.
func holds(g []int, a setter.Addition) bool {
	at := func(k int) int { return g[a.Cells[k].Row*4+a.Cells[k].Col] }
	switch a.Kind {
	case "given":
		return at(0) == a.Value
	case "white dot":
		return at(0)-at(1) == 1 || at(1)-at(0) == 1
	case "black dot":
		return at(0) == 2*at(1) || at(1) == 2*at(0)
	case "X":
		return at(0)+at(1) == 10
	case "V":
		return at(0)+at(1) == 5
	case "cage total":
		t := 0
		for k := range a.Cells {
			t += at(k)
		}
		return t == a.Value
	}
	panic("unknown addition " + a.Kind)
}

func TestSuggestBrute(t *testing.T) {
	all := allGrids4()
	for _, tc := range cases {
		rs, g, m := bruteModel(t, tc.puzzle, tc.vs...)
		sols := solutionsOf(t, m, all)
		for _, sample := range []int{1000, 3} {
			for _, sv := range solvers {
				what := tc.name + " " + sv.name
				s, err := setter.Suggest(context.Background(), rs, g, sv.s, setter.SuggestOptions{Sample: sample, Check: 1000, Max: 10000})
				require.NoError(t, err, what)
				if len(sols) < 2 {
					assert.Empty(t, s.Additions, what)
					continue
				}
				require.Equal(t, model.Multiple, s.Status, what)
				assert.Equal(t, len(sols) <= sample, s.Exact, what)
				seenUnique := false
				for i, a := range s.Additions {
					kept := 0
					for _, sg := range sols {
						if holds(sg, a) {
							kept++
						}
					}
					require.Positive(t, kept, "%s: %v keeps a sampled solution", what, a)
					if s.Exact {
						assert.Equal(t, kept, a.Kept, "%s: %v", what, a)
					} else {
						assert.LessOrEqual(t, a.Kept, kept, "%s: %v keeps at least its sample", what, a)
					}
					wantStatus := model.Multiple
					if kept == 1 {
						wantStatus = model.Unique
					}
					assert.Equal(t, wantStatus, a.Status, "%s: %v (checked or exact)", what, a)
					if a.Status == model.Unique {
						assert.Equal(t, i == 0 || seenUnique, true, "%s: unique additions come first", what)
						seenUnique = true
					} else if i > 0 && s.Additions[i-1].Status != model.Unique {
						assert.LessOrEqual(t, s.Additions[i-1].Kept, a.Kept, "%s: fewest kept first", what)
					}
				}
				if s.Exact {
					// Every given that leaves one solution is found.
					for i, v := range g.Cells {
						if v != 0 {
							continue
						}
						for d := 1; d <= 4; d++ {
							n := 0
							for _, sg := range sols {
								if sg[i] == d {
									n++
								}
							}
							if n == 1 && len(sols) > 1 {
								a := setter.Addition{Kind: "given", Cells: []sudoku.Cell{{Row: i / 4, Col: i % 4}}, Value: d, Kept: 1, Status: model.Unique}
								assert.Contains(t, s.Additions, a, what)
							}
						}
					}
				}
			}
		}
	}
}

func TestSuggestKinds(t *testing.T) {
	rs, g, _ := bruteModel(t, "1...............", kropki4, variants.AntiKing{})
	s, err := setter.Suggest(context.Background(), rs, g, dlx.New(), setter.SuggestOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{"given", "white dot", "black dot"}, s.Kinds)
	assert.Equal(t, []string{"antiking (no single clue of it is suggested)"}, s.Refused)

	rs, g, _ = bruteModel(t, "1...............", variants.Kropki{Negative: true})
	s, err = setter.Suggest(context.Background(), rs, g, dlx.New(), setter.SuggestOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{"given"}, s.Kinds)
	require.Len(t, s.Refused, 1)
	assert.Contains(t, s.Refused[0], "negative")
	for _, a := range s.Additions {
		assert.Equal(t, "given", a.Kind)
	}

	rs, g, _ = bruteModel(t, "................", killer4)
	s, err = setter.Suggest(context.Background(), rs, g, dlx.New(), setter.SuggestOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{"given"}, s.Kinds)
	assert.Equal(t, []string{"killer (every cage has its total)"}, s.Refused)
	k := variants.Killer{Cages: []variants.Cage{{Cells: []sudoku.Cell{c(1, 4), c(2, 3)}}, killer4.Cages[0]}}
	rs, g, _ = bruteModel(t, "................", k)
	s, err = setter.Suggest(context.Background(), rs, g, dlx.New(), setter.SuggestOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{"given", "cage total"}, s.Kinds)
	assert.True(t, slices.ContainsFunc(s.Additions, func(a setter.Addition) bool {
		return a.Kind == "cage total" && a.String() == fmt.Sprintf("cage total r1c4 r2c3 = %d", a.Value)
	}), "a total for the cage without one: %v", s.Additions)

	_, err = setter.Suggest(context.Background(), rs, g, dlx.New(), setter.SuggestOptions{Sample: setter.MaxSample + 1})
	assert.Error(t, err, "a sample above the cap is refused")
}

// TestSuggestStopped: a cancelled context answers no status and no
// addition, and a tiny node budget leaves the additions' checks unknown.
func TestSuggestStopped(t *testing.T) {
	rs, g, _ := bruteModel(t, "1...............")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := setter.Suggest(ctx, rs, g, dlx.New(), setter.SuggestOptions{})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, s.Status)
	assert.Equal(t, model.Canceled, s.Stop)
	assert.Empty(t, s.Additions)
}

func TestRedundantBrute(t *testing.T) {
	all := allGrids4()
	for _, tc := range []struct {
		name   string
		puzzle string
		vs     []rules.Variant
	}{
		{"killer", "...4............", []rules.Variant{killer4}},
		{"killer and kropki", "................", []rules.Variant{killer4, kropki4}},
		{"kropki and xv", "1.......2......1", []rules.Variant{kropki4, xv4}},
		{"odd-even", "...4............", []rules.Variant{killer4, variants.OddEven{Odd: []sudoku.Cell{c(1, 1)}, Even: []sudoku.Cell{c(2, 2)}}}},
	} {
		rs, g, m := bruteModel(t, tc.puzzle, tc.vs...)
		require.Len(t, solutionsOf(t, m, all), 1, "%s is unique", tc.name)
		r, err := setter.Redundant(context.Background(), rs, g, dlx.New(), 0)
		require.NoError(t, err, tc.name)
		assert.Equal(t, model.Done, r.Stop)
		parts, _ := setter.Parts(rs.Variants())
		assert.Equal(t, len(parts), r.Total)
		assert.Equal(t, r.Total, r.Checked)
		for _, p := range parts {
			vs := slices.Clone(rs.Variants())
			if p.Without == nil {
				vs = slices.Delete(vs, p.Variant, p.Variant+1)
			} else {
				vs[p.Variant] = p.Without
			}
			_, _, m := bruteModel(t, tc.puzzle, vs...)
			unique := len(solutionsOf(t, m, all)) == 1
			assert.Equal(t, unique, slices.ContainsFunc(r.Parts, func(q setter.Part) bool { return q.Name == p.Name }), "%s: %s", tc.name, p.Name)
		}
		for i, v := range g.Cells {
			if v == 0 {
				continue
			}
			trial := g.Clone()
			trial.Cells[i] = 0
			m, err := rs.Model(trial)
			require.NoError(t, err)
			unique := len(solutionsOf(t, m, all)) == 1
			assert.Equal(t, unique, slices.Contains(r.Givens, sudoku.Cell{Row: i / 4, Col: i % 4}), "%s: given %d", tc.name, i)
		}
	}
}

func TestPartsNames(t *testing.T) {
	parts, refused := setter.Parts([]rules.Variant{killer4, variants.AntiKnight{}, variants.Jigsaw{}, kropki4, variants.XV{Negative: true}})
	var names []string
	for _, p := range parts {
		names = append(names, p.Name)
	}
	assert.Equal(t, []string{
		"killer cage 1 (r1c1 r2c1 = 4)", "killer cage 2 (r1c2 r1c3 = 5)", "killer cage 3 (r2c2 r3c2 = 5)",
		"killer cage 4 (r3c3 r4c3 = 6)", "killer cage 5 (r2c4 r3c4 = 5)", "killer cage 6 (r4c1 r4c2 = 7)",
		"antiknight", "white dot 1 (r1c2 r1c3)", "white dot 2 (r3c3 r3c4)", "black dot 1 (r2c3 r2c4)",
	}, names)
	assert.Equal(t, 3, parts[len(parts)-1].Variant)
	assert.Nil(t, parts[6].Without, "a whole variant")
	assert.Len(t, parts[0].Without.(variants.Killer).Cages, 5)
	assert.Len(t, killer4.Cages, 6, "the variant itself is unchanged")
	assert.Equal(t, []string{"jigsaw: removing a region leaves no sudoku", "xv: a negative constraint makes every missing mark a clue"}, refused)
}

func TestRedundantStopped(t *testing.T) {
	rs, g, _ := bruteModel(t, "...4............", killer4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := setter.Redundant(ctx, rs, g, dlx.New(), 0)
	require.NoError(t, err)
	assert.Equal(t, model.Canceled, r.Stop)
	assert.Zero(t, r.Checked)
}

// TestEstimateBrute: Knuth's estimate lies within four standard errors of
// the count brute force finds, and is exact where every probe sees the
// same tree (a unique puzzle, none).
func TestEstimateBrute(t *testing.T) {
	all := allGrids4()
	for _, tc := range cases {
		_, _, m := bruteModel(t, tc.puzzle, tc.vs...)
		want := float64(len(solutionsOf(t, m, all)))
		e, err := setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: 400, Seed: 1})
		require.NoError(t, err, tc.name)
		assert.Equal(t, model.Done, e.Stop)
		if want == 0 {
			assert.Zero(t, e.Probes, tc.name)
			assert.Zero(t, e.Mean, tc.name)
			continue
		}
		assert.Equal(t, 400, e.Probes)
		assert.InDelta(t, want, e.Mean, 4*e.StdErr+1e-9, "%s: %d solutions, estimate %.1f ± %.1f", tc.name, int(want), e.Mean, e.StdErr)
		assert.LessOrEqual(t, e.Low, e.Mean)
		assert.GreaterOrEqual(t, e.High, e.Mean)
		if want == 1 {
			assert.Equal(t, 1.0, e.Mean, tc.name)
		}
	}
	// The empty 4x4 grid: every first choice has the same subtree, so the
	// mean of many probes is close to 288.
	_, _, m := bruteModel(t, "................")
	e, err := setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: 2000, Seed: 7})
	require.NoError(t, err)
	assert.Less(t, math.Abs(e.Mean-288)/288, 0.1, "estimate %.1f", e.Mean)
}

func TestEstimateStopped(t *testing.T) {
	_, _, m := bruteModel(t, "................")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, err := setter.EstimateCount(ctx, m, dlx.New(), setter.EstimateOptions{})
	require.NoError(t, err)
	assert.Equal(t, model.Canceled, e.Stop)
	assert.Zero(t, e.Probes)
	assert.Zero(t, e.Mean, "no probe, no estimate")

	_, err = setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: -1})
	assert.Error(t, err)
	_, err = setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: setter.MaxProbes + 1})
	assert.Error(t, err)
}

// TestEstimateSerg: on the first puzzle of Serg's benchmark, whose 872
// solutions testdata/README.md records (sudokit count --limit 0 agrees),
// the estimate lies within three standard errors.
func TestEstimateSerg(t *testing.T) {
	_, _, m := sergFirst(t)
	e, err := setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: 60, Seed: 3})
	require.NoError(t, err)
	assert.InDelta(t, 872, e.Mean, 3*e.StdErr, "estimate %.1f ± %.1f", e.Mean, e.StdErr)
	assert.Less(t, e.StdErr, 0.2*e.Mean, "60 probes narrow it to a fifth")
}
