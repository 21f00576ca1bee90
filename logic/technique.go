package logic

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A Technique is one way of reasoning about candidates. [Techniques]
// lists them in the order the solver tries them, easiest first; their
// numbers only name them.
type Technique uint8

// The techniques.
const (
	FullHouse Technique = iota
	NakedSingle
	HiddenSingle
	CageCombination // the digit combinations a killer-style sum (distinct cells, values weighed alike) allows
	SumBounds       // the values of a cell that let another sum reach an allowed total
	TableSupport    // the values of a cell that some allowed tuple of a Table rule gives it
	PairRule        // a value of a cell that a pair rule (a kropki dot, an XV mark, a line's step) leaves its partner none for
	Pointing
	Claiming
	LockedCandidates // a locked set of candidates in a rule other than a row, column or box
	CageLocked       // a digit a killer-style sum needs, locked in cells that see others
	InniesOuties     // the sum techniques on a sum the rule of 45 implies (model.Builder.DeriveSums)
	HouseCombination // the combinations of the sums inside a house, read together with its other cells
	NakedPair
	HiddenPair
	NakedTriple
	HiddenTriple
	XWing
	FinnedXWing // and sashimi
	XYWing
	XYZWing
	EmptyRectangle  // a digit's box cells in one row and column, and a strong link that sees both
	UniqueRectangle // assumes a unique solution: see Options.AssumeUnique
	NakedQuad
	HiddenQuad
	BUGPlusOne // assumes a unique solution: see Options.AssumeUnique
	WXYZWing   // SukakuExplainer's wings: three cells of a house holding four digits and a cell with two of them
	Swordfish
	FinnedSwordfish
	VWXYZWing            // the wing of four cells of a house holding five digits
	AlignedPairExclusion // the combinations of two cells' values that leave a cell they see no digit
	UVWXYZWing           // the wing of five cells of a house holding six digits
	WWing
	Jellyfish
	FinnedJellyfish
	SimpleColouring
	SueDeCoq // two houses' shared cells and cells of each that hold as many digits as they number
	XChain
	XYChain
	AIC                     // an alternating inference chain mixing the X- and XY-chains' links
	XCycle                  // a continuous loop of one value's links (cycles.go)
	XYCycle                 // a continuous loop through cells with two candidates
	NiceLoop                // a continuous loop mixing both kinds of links
	GroupedAIC              // an AIC whose nodes may be a value's cells where a box crosses a line (grouped.go)
	ALSXZ                   // two almost locked sets with a restricted common digit
	ALSXYWing               // three almost locked sets, a pivot linked to the other two
	TUVWXYZWing             // the wing of six cells of a house holding seven digits
	AlignedTripletExclusion // the aligned exclusion of three cells
	CombinationForcing      // each combination of a cage, or value of a sum's cell, followed to what it leaves alive
	Nishio                  // forcing chains: a candidate that leads to a contradiction
	RegionForcing           // forcing chains from every place of a value in a rule
	CellForcing             // forcing chains from every candidate of a cell
	RulesNishio             // nishio by the propagation of every rule (Options.Propagator)
	RulesForcing            // cell and region forcing by the propagation of every rule
	RulesNestedNishio       // nishio over every rule within each assumption, then on the assumption
	DynamicForcing          // forcing chains by singles from a candidate true and false (nets.go)
	DynamicForcingPlus      // forcing chains whose branches also apply locked candidates, pairs and X-wings
	NestedForcing           // dynamic forcing chains (+) whose branches also use forcing chains by singles
	NestedForcingPlus       // dynamic forcing chains (+) whose branches also use forcing chains (+)
	Guess                   // not a technique: the solution's value, placed when the techniques are stuck
	numTechniques
)

var techniqueInfo = [numTechniques]struct {
	name   string
	weight int
	level  Level
}{
	FullHouse:               {"full house", 1, Simple},
	NakedSingle:             {"naked single", 2, Simple},
	HiddenSingle:            {"hidden single", 3, Easy},
	CageCombination:         {"cage combinations", 8, Easy},
	SumBounds:               {"sum bounds", 10, Easy},
	TableSupport:            {"table support", 10, Easy},
	PairRule:                {"pair rule", 10, Easy},
	Pointing:                {"pointing", 20, Intermediate},
	Claiming:                {"claiming", 25, Intermediate},
	LockedCandidates:        {"locked candidates", 25, Intermediate},
	CageLocked:              {"cage locked digit", 25, Intermediate},
	InniesOuties:            {"innies-outies", 40, Intermediate},
	HouseCombination:        {"house combinations", 45, Intermediate},
	NakedPair:               {"naked pair", 30, Intermediate},
	HiddenPair:              {"hidden pair", 40, Intermediate},
	NakedTriple:             {"naked triple", 60, Expert},
	HiddenTriple:            {"hidden triple", 80, Expert},
	XWing:                   {"x-wing", 80, Expert},
	FinnedXWing:             {"finned x-wing", 90, Expert},
	XYWing:                  {"xy-wing", 100, Expert},
	XYZWing:                 {"xyz-wing", 120, Expert},
	EmptyRectangle:          {"empty rectangle", 125, Expert},
	UniqueRectangle:         {"unique rectangle", 130, Expert},
	NakedQuad:               {"naked quad", 120, Expert},
	HiddenQuad:              {"hidden quad", 150, Expert},
	BUGPlusOne:              {"bug+1", 160, Expert},
	WXYZWing:                {"wxyz-wing", 170, Expert},
	Swordfish:               {"swordfish", 150, Extreme},
	FinnedSwordfish:         {"finned swordfish", 155, Extreme},
	VWXYZWing:               {"vwxyz-wing", 215, Extreme},
	AlignedPairExclusion:    {"aligned pair exclusion", 218, Extreme},
	UVWXYZWing:              {"uvwxyz-wing", 240, Extreme},
	WWing:                   {"w-wing", 160, Extreme},
	Jellyfish:               {"jellyfish", 200, Extreme},
	FinnedJellyfish:         {"finned jellyfish", 210, Extreme},
	SimpleColouring:         {"simple colouring", 220, Extreme},
	SueDeCoq:                {"sue de coq", 250, Extreme},
	XChain:                  {"x-chain", 250, Extreme},
	XYChain:                 {"xy-chain", 280, Extreme},
	AIC:                     {"aic", 320, Extreme},
	XCycle:                  {"x-cycle", 245, Extreme},
	XYCycle:                 {"xy-cycle", 275, Extreme},
	NiceLoop:                {"continuous nice loop", 315, Extreme},
	GroupedAIC:              {"grouped aic", 360, Extreme},
	ALSXZ:                   {"als-xz", 330, Extreme},
	ALSXYWing:               {"als-xy-wing", 350, Extreme},
	TUVWXYZWing:             {"tuvwxyz-wing", 360, Extreme},
	AlignedTripletExclusion: {"aligned triplet exclusion", 380, Extreme},
	CombinationForcing:      {"combination forcing", 300, Extreme},
	Nishio:                  {"nishio", 400, Master},
	RegionForcing:           {"region forcing chains", 450, Master},
	CellForcing:             {"cell forcing chains", 500, Master},
	RulesNishio:             {"nishio over every rule", 550, Master},
	RulesForcing:            {"forcing over every rule", 600, Master},
	RulesNestedNishio:       {"nested nishio over every rule", 700, Master},
	DynamicForcing:          {"dynamic forcing chains", 650, Master},
	DynamicForcingPlus:      {"dynamic forcing chains (+)", 700, Master},
	NestedForcing:           {"nested forcing chains", 800, Master},
	NestedForcingPlus:       {"nested forcing chains (+)", 900, Master},
	Guess:                   {"guess", 1000, Search},
}

// Techniques returns every technique in the order the solver tries them,
// Guess last.
func Techniques() []Technique {
	ts := make([]Technique, 0, numTechniques)
	for _, f := range finders {
		ts = append(ts, f.tech)
	}
	return append(ts, Guess)
}

// String returns the technique's name, as "hidden single".
func (t Technique) String() string {
	if t < numTechniques {
		return techniqueInfo[t].name
	}
	return fmt.Sprintf("technique(%d)", uint8(t))
}

// Weight returns what one step of the technique adds to a path's score.
func (t Technique) Weight() int {
	if t < numTechniques {
		return techniqueInfo[t].weight
	}
	return 0
}

// Level returns the lowest level of a puzzle whose path uses t.
func (t Technique) Level() Level {
	if t < numTechniques {
		return techniqueInfo[t].level
	}
	return Search
}

// MarshalText returns the technique's name.
func (t Technique) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// A Level grades a puzzle by the hardest technique its path needs. The
// first four are qqwing's words: Simple needs naked singles only, Easy
// hidden singles, Intermediate locked candidates and pairs, Expert triples,
// quads, X-wings (finned too) and the XY-, XYZ- and WXYZ-wings. Extreme
// needs swordfish, jellyfish (finned too), the VWXYZ- to TUVWXYZ-wings,
// aligned pair or triplet exclusions, W-wings, simple colouring, Sue de
// Coq, X- or XY-chains, AICs, ALS-XZ, ALS-XY-wings or combination
// forcing; Master the forcing chains (nishio, region and cell forcing
// chains, then the dynamic, dynamic (+) and nested forcing chains: a
// puzzle that needs nested chains is Master too, its rating telling how
// far beyond it goes). The sum and table techniques
// join Easy (cage combinations, sum bounds, table support) and
// Intermediate (cage locked digit, innies-outies, house combinations).
// Search means the techniques get stuck and the path places guesses (the
// solution's values).
type Level uint8

// The levels, easiest first.
const (
	Simple Level = iota
	Easy
	Intermediate
	Expert
	Extreme
	Master
	Search
	numLevels
)

var levelNames = [numLevels]string{"simple", "easy", "intermediate", "expert", "extreme", "master", "search"}

// Levels returns every level, easiest first.
func Levels() []Level { return []Level{Simple, Easy, Intermediate, Expert, Extreme, Master, Search} }

// String returns the level's name, as "intermediate".
func (l Level) String() string {
	if l < numLevels {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", uint8(l))
}

// MarshalText returns the level's name.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// ParseLevel returns the level named s.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("logic: unknown level %q", s)
}

var _ json.Marshaler = Step{}

// A TechniqueSet is a set of techniques (Guess is never in one: a path
// guesses when its techniques are stuck).
type TechniqueSet uint64

// Uniqueness holds the techniques that assume the puzzle has exactly one
// solution (see Options.AssumeUnique).
const Uniqueness = TechniqueSet(1)<<UniqueRectangle | TechniqueSet(1)<<BUGPlusOne

// DefaultTechniques returns the techniques paths use unless told otherwise:
// every one but Guess and those of Uniqueness.
func DefaultTechniques() TechniqueSet {
	return (TechniqueSet(1)<<Guess - 1) &^ Uniqueness
}

// Has reports whether t is in the set.
func (ts TechniqueSet) Has(t Technique) bool { return t < 64 && ts>>t&1 != 0 }

// ParseTechniques changes the set base as spec says: a comma-separated list
// of technique names (as "x-wing" or "unique rectangle"), each taken out of
// the set with a leading "-" and put in with a leading "+" or none, or
// "none" to start from the empty set ("none,+naked single,+hidden
// single" keeps the singles only).
func ParseTechniques(spec string, base TechniqueSet) (TechniqueSet, error) {
	set := base
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if item == "none" {
			set = 0
			continue
		}
		name := strings.TrimLeft(item, "+-")
		t, ok := techniqueNamed(name)
		if !ok {
			return base, fmt.Errorf("logic: unknown technique %q (want a name from sudokit's techniques, as \"x-wing\", with - to leave it out)", name)
		}
		if strings.HasPrefix(item, "-") {
			set &^= 1 << t
		} else {
			set |= 1 << t
		}
	}
	return set, nil
}

// techniqueNamed returns the technique with that name, Guess excluded.
func techniqueNamed(name string) (Technique, bool) {
	for t := range Guess {
		if t.String() == strings.ToLower(name) {
			return t, true
		}
	}
	return 0, false
}
