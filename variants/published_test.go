package variants_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// A published puzzle: givens, rule sets and the published solution.
// testdata/README.md cites the source of each by name.
type published struct {
	name     string // the key in testdata/README.md
	variant  string // the variant it tests, for BenchmarkVariants
	n        int
	givens   string // "r1c2=4 ..."
	rules    []rules.Variant
	solution string // row-major, digits (or A=1.. for N > 9)
	slowDLX  bool   // DLX needs seconds: skipped with -short
	// dlxNodes, when set, bounds DLX on a puzzle that another puzzle of
	// its variant already covers: DLX must then answer correctly or give
	// up honestly at the budget.
	dlxNodes int64
}

func (p published) grid() sudoku.Grid { return givens(p.n, p.givens) }

// want returns the solution as values 1..N.
func (p published) want() []int {
	out := make([]int, len(p.solution))
	for i, ch := range p.solution {
		switch {
		case p.n <= 9:
			out[i] = int(ch - '0')
		default:
			out[i] = int(ch-'A') + 1
		}
	}
	return out
}

func mustJigsaw(layout string, n int) variants.Jigsaw {
	j, err := variants.ParseJigsawLayout(layout, n)
	if err != nil {
		panic(err)
	}
	return j
}

var windokuWindows = lines("r2c2 r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4 | r2c6 r2c7 r2c8 r3c6 r3c7 r3c8 r4c6 r4c7 r4c8 | " +
	"r6c2 r6c3 r6c4 r7c2 r7c3 r7c4 r8c2 r8c3 r8c4 | r6c6 r6c7 r6c8 r7c6 r7c7 r7c8 r8c6 r8c7 r8c8")

var diagonals = lines("r1c1 r2c2 r3c3 r4c4 r5c5 r6c6 r7c7 r8c8 r9c9 | r9c1 r8c2 r7c3 r6c4 r5c5 r4c6 r3c7 r2c8 r1c9")

var publishedPuzzles = []published{
	{
		name: "thermo-ctc", variant: "thermo", n: 9,
		givens: "r1c2=4 r1c8=1 r2c1=2 r2c9=6 r8c1=9 r8c9=2 r9c2=1 r9c8=9",
		rules: []rules.Variant{variants.Thermo{Lines: lines(
			"r9c4 r8c3 r7c2 r6c1 r5c2 r4c3 | r4c1 r3c2 r2c3 r1c4 r2c5 r3c6 | " +
				"r1c6 r2c7 r3c8 r4c9 r5c8 r6c7 | r6c9 r7c8 r8c7 r9c6 r8c5 r7c4")}},
		solution: "847632519295471386631598247129743865486259173753816924368924751974185632512367498",
	},
	{
		name: "antiknight-ctc", variant: "antiknight", n: 9,
		givens: "r1c2=3 r1c5=4 r1c6=1 r1c9=7 r2c4=5 r3c4=8 r3c6=9 r4c1=6 r4c8=7 r5c9=4 r6c2=4 " +
			"r7c1=3 r8c5=6 r8c8=5 r9c2=6 r9c3=4 r9c4=3",
		rules:    []rules.Variant{variants.AntiKnight{}},
		solution: "536241897978536241421879635613485972789623514245917368357198426892764153164352789",
	},
	{
		name: "antiknight-antiking-reddit", variant: "antiking", n: 9,
		givens:   "r1c1=1 r1c7=5 r1c8=6 r1c9=7 r2c1=2 r2c2=3 r2c3=4 r2c9=8",
		rules:    []rules.Variant{variants.AntiKnight{}, variants.AntiKing{}},
		solution: "198234567234567198567198234982345671345671982671982345823456719456719823719823456",
	},
	{
		name: "miracle", variant: "nonconsecutive", n: 9,
		givens:   "r5c3=1 r6c7=2",
		rules:    []rules.Variant{variants.AntiKnight{}, variants.AntiKing{}, variants.NonConsecutive{}},
		solution: "483726159726159483159483726837261594261594837594837261372615948615948372948372615",
	},
	{
		name: "nonconsecutive-rishi", variant: "nonconsecutive", n: 9,
		givens:   "r3c4=4 r3c6=7 r4c3=6 r4c7=5 r6c3=4 r6c7=3 r7c4=2 r7c6=5",
		rules:    []rules.Variant{variants.AntiKnight{}, variants.NonConsecutive{}},
		solution: "973518264425963718861427953316842597758396142294751386649275831182639475537184629",
	},
	{
		name: "windoku-sudocue", variant: "windoku", n: 9,
		givens: "r2c6=5 r2c8=1 r3c5=2 r3c9=6 r4c7=4 r5c3=5 r5c7=6 r6c2=8 r6c6=7 r6c7=3 r7c4=2 r7c5=1 r7c6=4 " +
			"r8c2=7 r8c9=2 r9c3=6 r9c8=4",
		rules:    []rules.Variant{variants.Windoku{}},
		solution: "792861534463975218158423796327196485945382671681547329539214867874639152216758943",
	},
	{
		name: "x-windoku-forum", variant: "extra-regions", n: 9,
		givens:   "r1c8=1 r2c5=2 r2c9=3 r4c1=4 r4c6=3 r5c5=5 r5c9=6 r6c5=1 r7c6=7 r7c7=8 r8c5=6 r9c5=3 r9c6=2",
		rules:    []rules.Variant{variants.ExtraRegions{Regions: append(append([][]sudoku.Cell{}, diagonals...), windokuWindows...)}},
		solution: "932674518678521943541398267469283751217459386853716429326147895794865132185932674",
	},
	{
		name: "x-windoku-forum", variant: "windoku", n: 9,
		givens:   "r1c8=1 r2c5=2 r2c9=3 r4c1=4 r4c6=3 r5c5=5 r5c9=6 r6c5=1 r7c6=7 r7c7=8 r8c5=6 r9c5=3 r9c6=2",
		rules:    []rules.Variant{variants.Diagonal{}, variants.Windoku{}},
		solution: "932674518678521943541398267469283751217459386853716429326147895794865132185932674",
	},
	{
		name: "sudoku-x-forum", variant: "diagonal", n: 9,
		givens: "r1c3=1 r1c7=2 r2c3=2 r2c4=3 r2c9=4 r3c1=4 r4c1=5 r4c3=3 r4c8=6 r5c2=1 r5c9=5 r6c3=6 r7c5=7 " +
			"r7c6=8 r8c5=9 r9c2=7 r9c6=1 r9c8=9",
		rules:    []rules.Variant{variants.Diagonal{}},
		solution: "681945237792316584435827619523784961817639425946152873369478152158293746274561398",
	},
	{
		name: "jigsaw-ctc", variant: "jigsaw", n: 9,
		givens: "r1c1=3 r1c9=7 r2c1=1 r2c9=5 r3c5=6 r3c6=8 r4c3=5 r4c5=1 r4c6=9 r5c4=9 r6c9=2 r7c1=8 r7c6=3 " +
			"r8c4=2 r8c5=3 r8c6=5 r8c9=1 r9c8=9",
		rules: []rules.Variant{mustJigsaw(`
000000021
453303021
453333221
453322221
455566121
445666111
445566667
488887777
888887777`, 9)},
		solution: "364891527189374265542168739625719843213987456937456182876523914498235671751642398",
	},
	{
		name: "jigsaw-extra-regions-forum", variant: "extra-regions", n: 9,
		givens: "r1c1=4 r1c9=7 r3c1=1 r3c2=5 r3c9=4 r4c3=3 r4c7=7 r5c1=9 r5c3=1 r5c7=8 r5c9=6 r6c3=8 r6c7=4 " +
			"r7c1=2 r7c9=8 r9c1=7 r9c9=9",
		rules: []rules.Variant{variants.ExtraRegions{Regions: mustJigsaw(`
001122222
000103332
100143332
111143332
504444462
577748888
577748668
577768666
555558866`, 9).Regions}},
		solution: "432659187869714253157823964543968712921475836678231495216397548394582671785146329",
	},
	{
		name: "odd-even-ctc", variant: "odd-even", n: 9,
		givens: "r1c6=7 r1c7=2 r1c8=1 r1c9=6 r2c9=5 r2c8=7 r2c7=9 r2c6=4 r8c1=2 r8c2=7 r8c3=4 r8c4=5 " +
			"r9c1=9 r9c2=5 r9c3=8 r9c4=2",
		rules: []rules.Variant{variants.OddEven{
			Odd:  cells("r2c3 r3c2 r4c4 r4c2 r5c4 r5c2 r3c4 r6c3"),
			Even: cells("r4c7 r4c8 r5c6 r6c6 r6c7 r6c8 r7c6 r8c7 r8c8"),
		}},
		solution: "549837216823614975716925348635149827492786153187352469361478592274593681958261734",
	},
	{
		name: "xv-sudoku-today", variant: "xv", n: 9,
		givens: "r1c2=3 r6c1=1 r6c2=8 r4c3=6 r7c3=8 r9c3=9 r9c1=2 r8c5=2 r7c5=1 r7c4=9 r9c8=6 r6c7=6 r4c8=3 " +
			"r4c9=8 r3c5=4 r3c6=5 r2c5=8 r1c7=8 r3c7=2 r1c9=5",
		rules: []rules.Variant{variants.XV{
			X: pairs("r5c3-r5c4 r9c8-r9c9 r6c7-r6c8"),
			V: pairs("r2c3-r2c4 r3c4-r3c5 r3c4-r4c4 r6c4-r6c5 r7c5-r7c6 r8c1-r9c1"),
		}},
		solution: "431692875592387416867145293726451938943768521185239647678914352314526789259873164",
	},
	{
		name: "strict-xv-ctc", variant: "xv", n: 9,
		givens: "r8c5=2 r2c5=1",
		rules: []rules.Variant{variants.XV{
			X: pairs("r2c1-r3c1 r1c3-r2c3 r1c8-r1c9 r3c8-r3c9 r3c6-r3c7 r5c6-r5c5 r7c8-r8c8 r7c9-r8c9 " +
				"r7c4-r7c5 r6c3-r6c4 r7c3-r8c3 r6c2-r7c2 r8c4-r9c4"),
			V:        pairs("r7c3-r7c4 r4c1-r5c1 r5c7-r5c8 r2c8-r2c9"),
			Negative: true,
		}},
		solution: "683472519947516832152983764361849275295637148478251396834195627516724983729368451",
	},
	{
		name: "kropki-cross-plus-a", variant: "kropki", n: 9,
		rules: []rules.Variant{variants.Kropki{
			White: pairs("r1c2-r1c3 r1c4-r1c5 r2c5-r3c5 r2c1-r2c2 r3c2-r2c2 r4c4-r4c3 r5c3-r4c3 r4c1-r4c2 " +
				"r5c1-r6c1 r5c2-r6c2 r7c2-r7c3 r8c1-r8c2 r8c3-r8c4 r7c5-r7c6 r8c6-r9c6 r9c6-r9c7 r7c8-r8c8 " +
				"r6c7-r6c8 r4c7-r5c7 r4c8-r5c8 r3c9-r4c9 r2c9-r3c9 r5c9-r6c9"),
			Black: pairs("r1c5-r1c6 r2c2-r2c3 r4c1-r5c1 r9c4-r9c5 r6c6-r7c6 r5c4-r5c5 r8c7-r9c7 r5c8-r6c8 " +
				"r4c9-r5c9 r2c8-r3c8 r3c7-r4c7"),
		}},
		solution: "167324958542869731839175462674518293395247186281693547723956814458731629916482375",
	},
	{
		name: "strict-kropki-ctc", variant: "kropki", n: 9,
		givens: "r6c1=7",
		rules: []rules.Variant{variants.Kropki{
			Black: pairs("r1c6-r1c7 r2c7-r1c7 r8c7-r9c7 r9c6-r9c7 r4c8-r5c8 r4c8-r4c9 r6c6-r6c5 r6c5-r7c5 " +
				"r7c5-r7c4 r9c3-r9c4 r8c3-r9c3 r5c1-r5c2 r4c5-r5c5"),
			White: pairs("r1c1-r1c2 r2c1-r2c2 r1c8-r2c8 r1c6-r2c6 r3c5-r3c4 r3c4-r4c4 r4c4-r4c5 r5c6-r5c7 " +
				"r4c7-r5c7 r5c8-r5c9 r7c8-r7c9 r8c8-r8c9 r8c5-r8c6 r8c3-r8c2 r7c1-r8c1 r6c2-r6c3 r5c2-r6c2 " +
				"r5c1-r6c1 r5c2-r5c3 r3c9-r4c9"),
			Negative: true,
		}},
		solution: "983162475451793862627458319169325748845917623732684951316249587298576134574831296",
	},
	{
		name: "xv-kropki-ctc", variant: "kropki", n: 9,
		rules: []rules.Variant{
			variants.XV{
				X: pairs("r2c1-r2c2 r3c1-r3c2 r1c8-r1c7 r2c7-r2c8 r7c8-r8c8 r7c9-r8c9 r8c3-r9c3 r8c2-r9c2 r5c4-r5c5"),
				V: pairs("r8c2-r8c3 r8c8-r8c9 r2c1-r3c1 r1c7-r2c7"),
			},
			variants.Kropki{
				Black: pairs("r2c5-r2c6 r4c6-r5c6 r5c6-r6c6 r3c1-r4c1"),
				White: pairs("r3c3-r3c2 r4c3-r5c3 r8c4-r8c5 r8c6-r8c7 r5c2-r6c2"),
			},
		},
		solution: "195287463284536197376149825657912384918374256423658719532461978741895632869723541",
		// No givens, and dots only: forward checking on "not both" pairs is
		// weak, DLX takes about 25 s (SAT 10 ms). XV and kropki have other
		// puzzles that DLX solves, so here it runs under a budget.
		slowDLX:  true,
		dlxNodes: 1_000_000,
	},
	{
		name: "whispers-ctc", variant: "whispers", n: 9,
		givens: "r1c5=1 r2c2=5 r5c1=6 r5c9=9 r7c3=3 r8c8=3 r9c1=5 r9c5=3",
		rules: []rules.Variant{variants.Whispers{Lines: lines(
			"r8c1 r7c1 r7c2 r8c3 r9c3 r9c2 | r9c6 r8c7 r7c7 r7c8 r6c9 r5c8 | " +
				"r6c3 r5c2 r4c3 r3c4 r2c5 r1c6 r1c7 r2c8 r3c8 r4c7 r5c6 r6c6 r7c6 r8c5 r7c4 | r4c5 r4c6 r3c7")}},
		solution: "796413852352689417184275693247591386615348279839762541923857164478126935561934728",
	},
	{
		name: "renban-ctc", variant: "renban", n: 9,
		givens: "r3c7=1",
		rules: []rules.Variant{
			variants.Renban{Lines: lines("r4c8 r4c9 r5c9 r6c9 | r7c9 r8c9 r9c9 r9c8 | r6c7 r7c7 r8c7 r8c6 | " +
				"r2c6 r1c6 r1c5 r1c4 | r2c1 r1c1 r1c2 r1c3 | r2c3 r2c4 r3c4 r4c4 | r5c5 r5c6 r6c6 r7c6 | " +
				"r5c4 r5c3 r6c3 r7c3 | r3c1 r4c1 r5c1 r5c2 | r7c1 r8c1 r9c1 r9c2 | r7c4 r8c4 r9c4 r9c3")},
			variants.Kropki{Black: pairs("r2c9-r3c9 r1c7-r1c8 r3c6-r3c5 r4c7-r5c7")},
		},
		solution: "132769845496518723758342196815473269963285417274196358521937684389624571647851932",
		slowDLX:  true, // about 1.8 s on DLX, 25 ms on SAT
	},
	{
		name: "palindromes-logic-masters", variant: "palindrome", n: 9,
		givens: "r1c1=6 r1c9=5 r2c3=8 r2c5=5 r2c7=9 r4c1=8 r4c5=1 r4c9=3 r5c5=4 r6c5=2 r8c1=9 r8c3=7 r8c7=8 " +
			"r8c9=2 r9c2=5 r9c8=6",
		rules: []rules.Variant{variants.Palindrome{Lines: lines(
			"r7c1 r6c2 r5c1 r4c2 r3c3 r2c4 r1c5 r2c6 r1c7 | r9c3 r8c4 r9c5 r8c6 r7c7 r6c8 r5c9 r4c8 r3c9 | " +
				"r7c4 r7c5 r7c6 r6c7 r5c7 r4c7 | r3c6 r3c5 r3c4 r4c3 r5c3 r6c3")}},
		solution: "694178235128453976375296481842619753719345628536827149283761594967534812451982367",
	},
}

// constructedPuzzles were made for these tests (a solver-made full grid,
// givens removed while the answer stayed unique), for variants with no
// published puzzle on their own found: see testdata/README.md.
var constructedPuzzles = []published{
	{
		name: "constructed-disjoint", variant: "disjoint", n: 9,
		givens: "r1c2=7 r2c3=3 r2c9=7 r3c4=4 r4c7=5 r4c9=8 r5c3=9 r6c8=3 r6c9=2 r7c1=7 r7c2=5 r7c4=6 r7c9=4 " +
			"r8c2=4 r8c4=9 r8c6=1 r8c8=7 r9c3=6",
		rules:    []rules.Variant{variants.DisjointGroups{}},
		solution: "975216483423598167618473259167329548239854716584167932751632894342981675896745321",
	},
	{
		name: "constructed-antiking", variant: "antiking", n: 9,
		givens: "r1c1=2 r1c3=6 r1c6=5 r1c8=7 r2c1=3 r2c3=5 r4c4=7 r4c6=9 r5c3=8 r5c9=6 r6c6=6 r6c7=1 r6c9=2 " +
			"r7c1=4 r7c4=3 r8c8=5 r9c2=5 r9c3=7 r9c9=1",
		rules:    []rules.Variant{variants.AntiKing{}},
		solution: "296145873385267419714938265623719548148523796579486132461352987932871654857694321",
	},
}

// TestPublished solves every published puzzle on both backends: the answer
// must be unique, equal the published solution and pass the referee.
// puzzleSets are the puzzle lists TestPublished checks; test files of other
// families add theirs in an init function.
var puzzleSets = [][]published{publishedPuzzles, constructedPuzzles}

func TestPublished(t *testing.T) {
	var all []published
	for _, set := range puzzleSets {
		all = append(all, set...)
	}
	for _, p := range all {
		for _, be := range backends {
			t.Run(p.variant+"/"+p.name+"/"+be.name, func(t *testing.T) {
				if p.slowDLX && be.name == "dlx" && testing.Short() {
					t.Skip("slow on DLX; run without -short")
				}
				var nodes int64
				if be.name == "dlx" {
					nodes = p.dlxNodes
				}
				res, m := solveWithin(t, be.new(), nodes, p.grid(), p.rules...)
				if nodes > 0 && res.Status == model.Unknown {
					require.Equal(t, model.NodeLimit, res.Stop)
					require.LessOrEqual(t, len(res.Solutions), 1)
					for _, sol := range res.Solutions {
						require.NoError(t, model.Check(m, sol))
					}
					t.Skipf("DLX gave up after %d nodes, as budgeted", res.Stats.Nodes)
				}
				require.Equal(t, model.Unique, res.Status)
				require.NotEmpty(t, res.Solutions)
				require.NoError(t, model.Check(m, res.Solutions[0]))
				g, err := rules.Decode(p.grid().Shape, res.Solutions[0])
				require.NoError(t, err)
				assert.Equal(t, p.want(), g.Cells)
			})
		}
	}
}
