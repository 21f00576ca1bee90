package variants_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// thermoPuzzles are published thermometer puzzles without givens (and the
// thermo-ctc puzzle of publishedPuzzles, with eight): see
// testdata/thermos.md. They are measured by BenchmarkThermoLowering and
// checked by TestThermoLowerings under every lowering.
var thermoPuzzles = []published{
	{
		name: "thermo-snipe-break-free", variant: "thermo", n: 9,
		rules: []rules.Variant{variants.Thermo{Lines: lines(
			"r1c2 r2c3 | r3c2 r2c1 | r4c2 r5c1 | r6c2 r5c3 | r7c2 r8c3 | r9c2 r8c1 | r1c6 r2c6 | " +
				"r3c5 r2c4 | r3c5 r2c5 | r6c5 r5c4 | r7c5 r8c4 | r9c6 r8c6 | r1c8 r2c9 | r3c8 r2c7 | " +
				"r4c8 r5c9 | r6c8 r5c7 | r7c8 r8c9 | r9c8 r8c7")}},
		solution: "953874162816235497472916538265398741794621385138457629387169254529743816641582973",
	},
	{
		name: "thermo-snipe-kind-of-magic", variant: "thermo", n: 9,
		rules: []rules.Variant{variants.Thermo{Lines: lines(
			"r1c2 r2c3 | r3c2 r2c1 | r4c2 r5c1 | r6c2 r5c3 | r7c2 r8c1 | r9c2 r8c3 | r9c4 r8c4 | " +
				"r9c6 r8c5 | r9c7 r8c6 | r9c8 r8c9 | r7c8 r8c7 | r7c6 r7c7 | r6c6 r5c5 | r6c8 r5c9 | " +
				"r4c8 r5c7 | r3c8 r2c9 | r1c8 r2c7 | r3c6 r2c5 | r1c4 r2c4")}},
		solution: "953218746816374529274956381621749835385162497749835162132687954497523618568491273",
	},
	{
		name: "thermo-snipe-bicycle-race", variant: "thermo", n: 9,
		rules: []rules.Variant{variants.Thermo{Lines: lines(
			"r1c2 r2c1 | r3c2 r2c3 | r4c2 r5c3 | r4c3 r5c4 | r6c2 r5c1 | r7c2 r8c3 | r9c2 r8c1 | " +
				"r9c4 r8c5 | r7c7 r8c6 | r7c8 r8c7 | r9c8 r8c9 | r6c7 r5c6 | r6c8 r5c7 | r4c8 r5c9 | " +
				"r3c8 r2c7 | r1c8 r2c9 | r1c7 r2c6 | r3c4 r2c5 | r6c4 r5c5")}},
		solution: "561798243784263915239541687472916538618352794953487162146825379395174826827639451",
	},
	publishedPuzzles[0], // thermo-ctc: four lines of six cells, eight givens
}

// thermoLowerings are the lowerings compared, by name.
var thermoLowerings = []variants.ThermoLowering{variants.ThermoPairs, variants.ThermoPairsTable, variants.ThermoTable}

// lowered returns p's rules with every Thermo lowered by l.
func lowered(p published, l variants.ThermoLowering) []rules.Variant {
	out := make([]rules.Variant, len(p.rules))
	for i, v := range p.rules {
		if t, ok := v.(variants.Thermo); ok {
			t.Lowering = l
			v = t
		}
		out[i] = v
	}
	return out
}

// thermoBackends are the backends the lowerings are measured on.
var thermoBackends = []struct {
	name string
	new  func() model.Solver
}{
	{"dlx", func() model.Solver { return dlx.New() }},
	{"sat", func() model.Solver { return sat.New() }},
	{"prop", func() model.Solver { return prop.New() }},
}

// Budgets of one uniqueness proof in the tests and benchmarks: what a
// backend has not answered within them it gives up on.
const (
	thermoNodes   = 50_000_000
	thermoTimeout = 20 * time.Second
)

// TestThermoLowerings proves each thermometer puzzle unique under every
// lowering, equal to the published solution. SAT answers every one; DLX and
// prop answer thermo-ctc, while on the given-less puzzles they need minutes
// under any lowering (see BenchmarkThermoLowering), so there they run under
// a node budget and must give up honestly or answer correctly.
func TestThermoLowerings(t *testing.T) {
	require.Equal(t, "thermo-ctc", thermoPuzzles[len(thermoPuzzles)-1].name)
	for _, p := range thermoPuzzles {
		for _, l := range thermoLowerings {
			for _, be := range thermoBackends {
				t.Run(fmt.Sprintf("%s/%v/%s", p.name, l, be.name), func(t *testing.T) {
					var nodes int64
					if p.givens == "" && be.name != "sat" {
						nodes = 100_000
					}
					res, m := solveWithin(t, be.new(), nodes, p.grid(), lowered(p, l)...)
					if nodes > 0 && res.Status == model.Unknown {
						require.Equal(t, model.NodeLimit, res.Stop)
						require.LessOrEqual(t, len(res.Solutions), 1)
						for _, sol := range res.Solutions {
							require.NoError(t, model.Check(m, sol))
						}
						t.Skipf("%s gave up after %d nodes, as budgeted", be.name, res.Stats.Nodes)
					}
					require.Equal(t, model.Unique, res.Status)
					require.NoError(t, model.Check(m, res.Solutions[0]))
					g, err := rules.Decode(p.grid().Shape, res.Solutions[0])
					require.NoError(t, err)
					assert.Equal(t, p.want(), g.Cells)
				})
			}
		}
	}
}

// TestThermoTableRules checks the rules each lowering adds for one line of
// four cells on 9x9: C(9, 4) = 126 strictly increasing tuples as one Table
// for the table lowerings, "not both" pairs for the pair lowerings, and
// pairs alone when the line's tuples would be too many (a line of 18 cells
// on 36x36: C(36, 18) tuples).
func TestThermoTableRules(t *testing.T) {
	line := lines("r1c1 r1c2 r1c3 r2c3")
	long := lines("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r1c10 r1c11 r1c12 r1c13 r1c14 r1c15 r1c16 r1c17 r1c18")
	tests := []struct {
		name   string
		n      int
		thermo variants.Thermo
		tuples int // tuples of the one Table, 0 for none
		pairs  bool
	}{
		{"default", 9, variants.Thermo{Lines: line}, 0, true},
		{"pairs", 9, variants.Thermo{Lines: line, Lowering: variants.ThermoPairs}, 0, true},
		{"pairs+table", 9, variants.Thermo{Lines: line, Lowering: variants.ThermoPairsTable}, 126, true},
		{"table", 9, variants.Thermo{Lines: line, Lowering: variants.ThermoTable}, 126, false},
		{"table too large", 36, variants.Thermo{Lines: long, Lowering: variants.ThermoTable}, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := rules.Build(givens(tc.n, ""), tc.thermo)
			require.NoError(t, err)
			plain, err := rules.Build(givens(tc.n, ""))
			require.NoError(t, err)
			var tables []model.Payload
			for _, r := range m.Rules() {
				if r.Kind == model.Table {
					tables = append(tables, r.Payload)
				}
			}
			pairs := countKind(m, model.AtMostOne) - countKind(plain, model.AtMostOne)
			assert.Equal(t, tc.pairs, pairs > 0, "%d pair rules", pairs)
			if tc.tuples == 0 {
				assert.Empty(t, tables)
				return
			}
			require.Len(t, tables, 1)
			p := tables[0]
			k := len(p.Cells)
			require.Equal(t, len(tc.thermo.Lines[0]), k)
			require.Len(t, p.Tuples, tc.tuples*k)
			for i := 0; i < len(p.Tuples); i += k {
				tup := p.Tuples[i : i+k]
				for j := 1; j < k; j++ {
					assert.Less(t, tup[j-1], tup[j], "tuple %v", tup)
				}
			}
		})
	}
}

func countKind(m *model.Model, k model.Kind) int {
	n := 0
	for _, r := range m.Rules() {
		if r.Kind == k {
			n++
		}
	}
	return n
}

// TestThermoLoweringsAgree counts the solutions of small 4x4 grids with a
// random thermometer and a few givens under every lowering: the counts must
// agree, as the lowerings state one rule.
func TestThermoLoweringsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 30 {
		th := variants.Thermo{Lines: [][]sudoku.Cell{sudoku.RandomLine(rng, 4, 2+rng.IntN(3))}}
		g := givens(4, "")
		for range 2 {
			g.Set(rng.IntN(4), rng.IntN(4), 1+rng.IntN(4))
		}
		var counts []int
		for _, l := range thermoLowerings {
			th.Lowering = l
			m, err := rules.Build(g, th)
			require.NoError(t, err)
			res, err := sat.New().Solve(context.Background(), m, model.Options{Keep: model.KeepNone})
			require.NoError(t, err)
			counts = append(counts, res.Count)
		}
		assert.Equal(t, counts[0], counts[1], "case %d %v: pairs vs pairs+table", i, th.Lines)
		assert.Equal(t, counts[0], counts[2], "case %d %v: pairs vs table", i, th.Lines)
	}
}

// TestThermoUnknownLowering refuses a lowering out of range.
func TestThermoUnknownLowering(t *testing.T) {
	_, err := rules.Build(givens(9, ""), variants.Thermo{Lines: lines("r1c1 r1c2"), Lowering: 9})
	require.ErrorContains(t, err, "unknown lowering ThermoLowering(9)")
}

// BenchmarkThermoLowering proves each thermometer puzzle unique (Limit 2)
// on DLX, SAT and prop under each lowering, with a budget of 50M nodes (DLX,
// prop) and 20 s per proof; a proof that runs out reports gaveup=1. nodes
// is the search nodes of the last proof (DLX and prop; SAT reports none).
// The model is built outside the timer; the solver is new per benchmark, so
// with -benchtime 1x the time includes what a backend builds for the model
// on first use.
//
//	go test ./variants -run '^$' -bench BenchmarkThermoLowering -benchtime 1x
func BenchmarkThermoLowering(b *testing.B) {
	for _, p := range thermoPuzzles {
		for _, l := range thermoLowerings {
			m, err := rules.Build(p.grid(), lowered(p, l)...)
			if err != nil {
				b.Fatal(err)
			}
			for _, be := range thermoBackends {
				b.Run(fmt.Sprintf("%s/%v/%s", p.name, l, be.name), func(b *testing.B) {
					s := be.new()
					b.ReportAllocs()
					var nodes int64
					gaveUp := 0.0
					for b.Loop() {
						ctx, cancel := context.WithTimeout(context.Background(), thermoTimeout)
						res, err := s.Solve(ctx, m, model.Options{Limit: 2, Nodes: thermoNodes})
						cancel()
						if err != nil {
							b.Fatal(err)
						}
						switch res.Status {
						case model.Unique:
							g, err := rules.Decode(p.grid().Shape, res.Solutions[0])
							if err != nil || !slices.Equal(g.Cells, p.want()) {
								b.Fatalf("wrong solution: %v", err)
							}
						case model.Unknown:
							gaveUp = 1
						default:
							b.Fatalf("status %v", res.Status)
						}
						nodes = res.Stats.Nodes
					}
					b.ReportMetric(float64(nodes), "nodes")
					b.ReportMetric(gaveUp, "gaveup")
				})
			}
		}
	}
}
