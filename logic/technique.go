package logic

import (
	"encoding/json"
	"fmt"
)

// A Technique is one way of reasoning about candidates. Techniques are
// numbered in the order the solver tries them, easiest first.
type Technique uint8

// The techniques, easiest first.
const (
	FullHouse Technique = iota
	NakedSingle
	HiddenSingle
	CageCombination // the digit combinations a killer-style sum (distinct cells, values weighed alike) allows
	SumBounds       // the values of a cell that let another sum reach an allowed total
	TableSupport    // the values of a cell that some allowed tuple of a Table rule gives it
	Pointing
	Claiming
	LockedCandidates // a locked set of candidates in a rule other than a row, column or box
	CageLocked       // a digit a killer-style sum needs, locked in cells that see others
	InniesOuties     // the sum techniques on a sum the rule of 45 implies (model.Builder.DeriveSums)
	NakedPair
	HiddenPair
	NakedTriple
	HiddenTriple
	XWing
	XYWing
	XYZWing
	NakedQuad
	HiddenQuad
	Swordfish
	WWing
	Jellyfish
	SimpleColouring
	XChain
	XYChain
	CombinationForcing // each combination of a cage, or value of a sum's cell, followed to what it leaves alive
	Guess              // not a technique: the solution's value, placed when the techniques are stuck
	numTechniques
)

var techniqueInfo = [numTechniques]struct {
	name   string
	weight int
	level  Level
}{
	FullHouse:          {"full house", 1, Simple},
	NakedSingle:        {"naked single", 2, Simple},
	HiddenSingle:       {"hidden single", 3, Easy},
	CageCombination:    {"cage combinations", 8, Easy},
	SumBounds:          {"sum bounds", 10, Easy},
	TableSupport:       {"table support", 10, Easy},
	Pointing:           {"pointing", 20, Intermediate},
	Claiming:           {"claiming", 25, Intermediate},
	LockedCandidates:   {"locked candidates", 25, Intermediate},
	CageLocked:         {"cage locked digit", 25, Intermediate},
	InniesOuties:       {"innies-outies", 40, Intermediate},
	NakedPair:          {"naked pair", 30, Intermediate},
	HiddenPair:         {"hidden pair", 40, Intermediate},
	NakedTriple:        {"naked triple", 60, Expert},
	HiddenTriple:       {"hidden triple", 80, Expert},
	XWing:              {"x-wing", 80, Expert},
	XYWing:             {"xy-wing", 100, Expert},
	XYZWing:            {"xyz-wing", 120, Expert},
	NakedQuad:          {"naked quad", 120, Expert},
	HiddenQuad:         {"hidden quad", 150, Expert},
	Swordfish:          {"swordfish", 150, Extreme},
	WWing:              {"w-wing", 160, Extreme},
	Jellyfish:          {"jellyfish", 200, Extreme},
	SimpleColouring:    {"simple colouring", 220, Extreme},
	XChain:             {"x-chain", 250, Extreme},
	XYChain:            {"xy-chain", 280, Extreme},
	CombinationForcing: {"combination forcing", 300, Extreme},
	Guess:              {"guess", 1000, Search},
}

// Techniques returns every technique in the order the solver tries them,
// Guess last.
func Techniques() []Technique {
	ts := make([]Technique, numTechniques)
	for i := range ts {
		ts[i] = Technique(i)
	}
	return ts
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
// quads, X-wings and the XY- and XYZ-wings. Extreme needs swordfish,
// jellyfish, W-wings, simple colouring, X- or XY-chains or combination
// forcing; the sum and table techniques join Easy (cage combinations, sum
// bounds, table support) and Intermediate (cage locked digit,
// innies-outies). Search means the techniques get stuck and the path
// places guesses (the solution's values).
type Level uint8

// The levels, easiest first.
const (
	Simple Level = iota
	Easy
	Intermediate
	Expert
	Extreme
	Search
	numLevels
)

var levelNames = [numLevels]string{"simple", "easy", "intermediate", "expert", "extreme", "search"}

// Levels returns every level, easiest first.
func Levels() []Level { return []Level{Simple, Easy, Intermediate, Expert, Extreme, Search} }

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
