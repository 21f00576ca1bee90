package logic

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A Placement sets a cell to a value.
type Placement struct {
	Cell  int    `json:"-"`     // the model's cell index
	Name  string `json:"cell"`  // the cell's name, as "r3c5"
	Value int    `json:"value"` // counted from 1
}

// An Elimination removes values from a cell's candidates.
type Elimination struct {
	Cell   int    `json:"-"`
	Name   string `json:"cell"`
	Values []int  `json:"values"` // ascending
}

// A Step is one deduction: the technique, what justifies it (the houses,
// cells and digits of the pattern, and a sentence for people), and what it
// changes: placements, eliminations, or both.
type Step struct {
	Technique Technique
	// Reason says, for people, why the step holds: "7 in row 3 must go in
	// r3c5".
	Reason string
	// Houses, Cells and Digits are the pattern: the houses (rules'
	// labels) and cells it looks at and the digits it is about.
	Houses []string
	Cells  []string
	Digits []int
	// Placements and Eliminations are the effects. A placement also removes
	// the placed candidate's peers (the cells it sees), which are not
	// listed.
	Placements   []Placement
	Eliminations []Elimination
	// Length is a chain's length, for its rating (see Step.Rating): for
	// the forcing chains, the most singles one branch places; for the
	// WXYZ- to TUVWXYZ-wings, the most digits a cell of the wing's house
	// set holds.
	Length int
}

// String returns the step for people: "hidden single: 7 in row 3 must go
// in r3c5", or with eliminations "pointing: 4 in box 1 lies in row 2
// => r2c5 -4, r2c7 -4".
func (s Step) String() string {
	var sb strings.Builder
	sb.WriteString(s.Technique.String())
	sb.WriteString(": ")
	sb.WriteString(s.Reason)
	if len(s.Eliminations) > 0 {
		sb.WriteString(" => ")
		for i, e := range s.Eliminations {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(e.Name)
			sb.WriteString(" -")
			for k, v := range e.Values {
				if k > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprint(&sb, v)
			}
		}
	}
	return sb.String()
}

// stepJSON is the JSON form of a Step.
type stepJSON struct {
	Technique    Technique     `json:"technique"`
	Text         string        `json:"text"`
	Houses       []string      `json:"houses,omitempty"`
	Cells        []string      `json:"cells,omitempty"`
	Digits       []int         `json:"digits,omitempty"`
	Placements   []Placement   `json:"placements"`
	Eliminations []Elimination `json:"eliminations"`
	Rating       float64       `json:"rating"`
}

// MarshalJSON writes the step as {"technique":"hidden single","text":...,
// "placements":[{"cell":"r3c5","value":7}],"eliminations":[{"cell":"r1c1",
// "values":[4,7]}]}; the pattern's houses, cells and digits when it has them.
func (s Step) MarshalJSON() ([]byte, error) {
	j := stepJSON{Technique: s.Technique, Text: s.String(), Houses: s.Houses, Cells: s.Cells, Digits: s.Digits,
		Placements: s.Placements, Eliminations: s.Eliminations, Rating: s.Rating()}
	if j.Placements == nil {
		j.Placements = []Placement{}
	}
	if j.Eliminations == nil {
		j.Eliminations = []Elimination{}
	}
	return json.Marshal(j)
}
