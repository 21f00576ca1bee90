package logic

import "math"

// A Rating places a path on Sudoku Explainer's difficulty scale, the one
// the forums publish ratings in (1.0 for a full house to about 11 for the
// hardest known puzzles). Each step is rated from its technique's
// published Sudoku Explainer difficulty (see Step.Rating). Explain rates
// a replay of its path with the singles taken in Sudoku Explainer's order
// (see seRating), not the path itself; the other steps are the path's, not
// always Sudoku Explainer's, so a puzzle's rating is close to, not always
// equal to, its published one (testdata/se-ratings.txt, TestSERatings).
type Rating struct {
	// ER is the rating of the hardest step.
	ER float64 `json:"er"`
	// EP is the rating of the hardest step up to the first placement
	// (the "pearl" rating): how hard it is to place a first value.
	EP float64 `json:"ep"`
	// ED is the rating of the first step (the "diamond" rating): how
	// hard it is to make any progress. A puzzle whose three ratings are
	// equal is a diamond, one whose ER and EP are a pearl.
	ED float64 `json:"ed"`
}

// seDifficulty is each technique's base difficulty on Sudoku Explainer's
// scale: the published difficulty of the technique, or of the Sudoku
// Explainer technique that finds the same deductions (simple colouring is
// a short chain of strong links there, a W-wing a forcing chain, the
// forcing chains are its nishio, region and cell forcing chains; see below
// for the sum techniques). A hidden single in a
// row or column (1.5) rates more than one in a box (1.2, the base here).
var seDifficulty = [numTechniques]float64{
	FullHouse: 1.0, HiddenSingle: 1.2, NakedSingle: 2.3, Pointing: 2.6, Claiming: 2.8, LockedCandidates: 2.8,
	// Sudoku Explainer reads no sums: these take the rating of the
	// classic step closest in effort (a cage's combinations or a sum's
	// bounds as a single, a cage's locked digit as claiming, innies-outies
	// as a naked pair, house combinations as a hidden pair, combination
	// forcing as a forcing chain).
	CageCombination: 2.0, SumBounds: 2.0, TableSupport: 2.0, PairRule: 2.0, CageLocked: 2.8, InniesOuties: 3.0,
	HouseCombination: 3.4, CombinationForcing: 7.0, RulesNishio: 8.5, RulesForcing: 8.8, RulesNestedNishio: 9.5,
	// A finned X-wing is, in SukakuExplainer (the maintained Sudoku
	// Explainer, whose scale it keeps), a skyscraper when sashimi with one
	// fin (4.0) and otherwise a grouped pair of strong links (4.3): see
	// Step.Rating.
	NakedPair: 3.0, XWing: 3.2, FinnedXWing: 4.3, HiddenPair: 3.4, NakedTriple: 3.6, Swordfish: 3.8,
	FinnedSwordfish: 4.0, HiddenTriple: 4.0, FinnedJellyfish: 5.4,
	XYWing: 4.2, XYZWing: 4.4, EmptyRectangle: 4.6, UniqueRectangle: 4.5, NakedQuad: 5.0, BUGPlusOne: 5.6, Jellyfish: 5.2, HiddenQuad: 5.4,
	// Sudoku Explainer's chains (its ForcingChainHint and CycleHint,
	// as ported in github.com/gil/SudokuExplainer-ts): a cycle of one
	// value's links or of two-candidate cells rates 6.5, one mixing both
	// 7.0; a forcing chain (a candidate leads to its own opposite) of one
	// value's links 6.6 (an X-chain), one mixing both 7.0, since it has
	// no forcing chain through two-candidate cells alone (an XY-chain is
	// one of its mixed forcing chains). A W-wing mixes two values, so it
	// too is a mixed forcing chain.
	WWing: 7.0, SimpleColouring: 6.5, XChain: 6.6, XYChain: 7.0, AIC: 7.0, XCycle: 6.5, XYCycle: 6.5, NiceLoop: 7.0,
	// Sudoku Explainer's chains link single candidates only; a grouped
	// AIC takes the AIC's rating (its dynamic forcing chains, 8.5 and up,
	// are the only ones that make such steps there).
	GroupedAIC: 7.0,
	// Sudoku Explainer has no almost locked sets: its chains link single
	// candidates, so it makes these deductions with its forcing chains
	// (7.1 and up on its published scale) or, for Sue de Coq, whose two
	// sets close a loop, with its bidirectional cycles (7.0 and up).
	SueDeCoq: 7.0, ALSXZ: 7.1, ALSXYWing: 7.2,
	Nishio: 7.5, RegionForcing: 8.1, CellForcing: 8.2, Guess: 11.0,
	// Sudoku Explainer 1.2.1's chaining levels (its published ratings:
	// Dynamic Forcing Chains 8.8 to 9.6, Dynamic Forcing Chains (+) 9.1
	// to 10.1, (+ Forcing Chains) 9.9 to 11.0, (+ Multiple Forcing
	// Chains) 10.8 to 11.5, each its base plus its length's share): 8.5
	// for dynamic chains, 9.0 when the branches also use locked
	// candidates, pairs and X-wings, 9.5 when they nest forcing chains
	// by singles, 10.0 when they nest forcing chains (+) (between its
	// nested multiple (10.0) and dynamic (10.5) forcing chains).
	DynamicForcing: 8.5, DynamicForcingPlus: 9.0, NestedForcing: 9.5, NestedForcingPlus: 10.0,
	// SukakuExplainer's wings (WXYZWingHint … TUVWXYZWingHint.getDifficulty)
	// and Sudoku Explainer's aligned exclusions (AlignedExclusionHint): the
	// WXYZ- and VWXYZ-wings add a share for the most digits a cell of
	// their house set holds (see Step.Rating).
	WXYZWing: 5.5, VWXYZWing: 6.2, UVWXYZWing: 6.6, TUVWXYZWing: 7.5,
	AlignedPairExclusion: 6.2, AlignedTripletExclusion: 7.5,
}

// Rating returns the step's difficulty on Sudoku Explainer's scale: its
// technique's base difficulty, 1.5 for a hidden single outside a box, and
// for a chain 0.1 more for each step of the length scale (4, 6, 8, 12, 16,
// 24 …, each step one and a half or one and a third times the last) its
// length goes beyond.
//
// A chain's length (Step.Length) is Sudoku Explainer's: the candidates it
// sets true or false from the assumption to the conclusion, less two
// (ChainingHint.getLengthDifficulty, with getComplexity the count of the
// conclusion's ancestors, as ported in github.com/gil/SudokuExplainer-ts,
// src/engine/solver/rules/chaining/ChainingHint.ts). An XY-chain through
// k cells sets two candidates in each, so its length is 2k (an X-chain's
// is its k cells; a cycle's, its candidates less two), and a W-wing is a
// chain of six candidates.
func (s Step) Rating() float64 {
	if s.Technique >= numTechniques {
		return 0
	}
	r := seDifficulty[s.Technique]
	switch s.Technique {
	case HiddenSingle:
		if len(s.Houses) == 1 && kindOf(s.Houses[0]) != box {
			r = 1.5
		}
	case FinnedXWing:
		// Four candidates on the two base lines: both are conjugate
		// pairs, a sashimi X-wing with one fin, which SukakuExplainer
		// names a skyscraper (StrongLinksHint.getDifficulty: 4.0 for two
		// strong links on parallel lines, 0.3 more when a link is grouped,
		// as a fin beside a corner or two fins make it).
		if len(s.Cells) == 4 {
			r = 4.0
		}
	case WXYZWing, VWXYZWing:
		// SukakuExplainer names a wing by its link (1 single, 2 double),
		// the most digits a cell of its house set holds (b, the step's
		// Length) and the sum of those cells' digit counts, as "WXYZ-Wing
		// 237" (5.6); for a wing of n cells it adds n-3-|3-b| tenths
		// (WXYZ: 5.6 at b = 3, else 5.5; VWXYZ: 6.4 at b = 3, 6.3 at 2
		// or 4, 6.2 at 5).
		n := 4
		if s.Technique == VWXYZWing {
			n = 5
		}
		r += float64(n-3-max(3-s.Length, s.Length-3)) / 10
	case SimpleColouring:
		r += lengthDifficulty(len(s.Cells))
	case WWing:
		r += lengthDifficulty(6)
	case XChain, XYChain, AIC, XCycle, XYCycle, NiceLoop, GroupedAIC, Nishio, RegionForcing, CellForcing, DynamicForcing, DynamicForcingPlus, NestedForcing, NestedForcingPlus:
		r += lengthDifficulty(s.Length)
	}
	return math.Round(r*10) / 10
}

// lengthDifficulty is what a chain of n links adds: 0.1 for each ceiling
// of the scale 4, 6, 8, 12, 16, 24, 32 … that n exceeds.
func lengthDifficulty(n int) float64 {
	added, ceil := 0.0, 4
	for odd := false; n > ceil; odd = !odd {
		added += 0.1
		if odd {
			ceil = ceil * 4 / 3
		} else {
			ceil = ceil * 3 / 2
		}
	}
	return added
}

// rate returns the rating of a run of steps: the hardest, the hardest up
// to the first placement, the first.
func rate(steps []seStep) Rating {
	var r Rating
	placed := false
	for i, st := range steps {
		r.ER = max(r.ER, st.rating)
		if i == 0 {
			r.ED = st.rating
		}
		if !placed {
			r.EP = max(r.EP, st.rating)
			placed = st.places
		}
	}
	return r
}

// Difficulty returns the technique's base difficulty on Sudoku Explainer's
// scale (a step's Rating adds to it for a long chain or a hidden single
// outside a box).
func (t Technique) Difficulty() float64 {
	if t < numTechniques {
		return seDifficulty[t]
	}
	return 0
}
