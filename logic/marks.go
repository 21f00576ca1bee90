package logic

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// Marks are pencil marks: per cell in the model's order, the values still
// possible, ascending; a placed cell holds its value alone, with Placed set.
type Marks struct {
	Values [][]int
	Placed []bool
}

// String writes the marks in the form [ParseMarks] reads: one group per
// cell, separated by spaces, as "5 2379 1478 …"; with more than 9 values
// the values of a group are separated by commas ("1,12,16").
func (mk Marks) String() string {
	wide := false
	for _, vs := range mk.Values {
		for _, v := range vs {
			wide = wide || v > 9
		}
	}
	var sb strings.Builder
	for i, vs := range mk.Values {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if wide {
			sb.WriteString(joinInts(vs, ","))
			continue
		}
		for _, v := range vs {
			sb.WriteByte(byte('0' + v))
		}
	}
	return sb.String()
}

// Candidates returns m's pencil marks: every value of a cell that m does
// not exclude and no placed value rules out (a placed candidate removes its
// peers, the candidates it shares a rule with). With singles, full houses,
// naked singles and hidden singles are placed too, repeatedly, until none
// is left (the placements' peers removed in turn); nothing else is
// eliminated. It returns an error for a model the techniques cannot read.
func Candidates(m *model.Model, singles bool) (Marks, error) {
	s, err := start(m)
	if err != nil {
		return Marks{}, err
	}
	for singles && s.left > 0 && s.broken() == "" {
		st, ok := fullHouse(s)
		if !ok {
			st, ok = nakedSingle(s)
		}
		if !ok {
			st, ok = hiddenSingle(s)
		}
		if !ok {
			break
		}
		s.apply(&st)
	}
	mk := Marks{Values: make([][]int, len(s.cand)), Placed: make([]bool, len(s.cand))}
	for i, c := range s.cand {
		mk.Values[i] = values(c)
		mk.Placed[i] = s.val[i] != 0
	}
	return mk, nil
}

// A MarksError reports pencil marks that cannot be read.
type MarksError struct {
	Group int // the group's number, from 1 (0 for the whole string)
	Text  string
	Msg   string
}

// Error returns "logic: pencil marks: group 3 "12x": bad value".
func (e *MarksError) Error() string {
	if e.Group == 0 {
		return "logic: pencil marks: " + e.Msg
	}
	return fmt.Sprintf("logic: pencil marks: group %d %q: %s", e.Group, e.Text, e.Msg)
}

// ParseMarks reads pencil marks for m and returns the candidates they rule
// out, to add to m's excluded ones with [model.Model.WithGivens]. The marks
// are one group per cell, in the model's cell order, separated by white
// space: the cell's possible values as digits ("2379"), or separated by
// commas when a model has more than 9 values ("1,12,16"); "." or "0" keeps
// every value. A given's group must hold its value. Bad marks give a
// *MarksError.
func ParseMarks(m *model.Model, text string) ([]model.Cand, error) {
	groups := strings.Fields(text)
	if len(groups) != m.Cells() {
		return nil, &MarksError{Msg: fmt.Sprintf("%d groups for %d cells", len(groups), m.Cells())}
	}
	if m.Values() > MaxValues {
		return nil, ErrTooLarge
	}
	given := make([]int, m.Cells())
	for _, c := range m.Fixed() {
		given[m.CellOf(c)] = m.ValueOf(c)
	}
	var out []model.Cand
	for i, g := range groups {
		bad := func(msg string) error { return &MarksError{Group: i + 1, Text: g, Msg: msg} }
		if g == "." || g == "0" {
			continue
		}
		var keep uint64
		var parts []string
		if strings.Contains(g, ",") {
			parts = strings.Split(g, ",")
		} else {
			parts = strings.Split(g, "")
		}
		for _, p := range parts {
			v, err := strconv.Atoi(p)
			if err != nil || v < 1 || v > m.Values() {
				return nil, bad(fmt.Sprintf("values are 1 to %d", m.Values()))
			}
			keep |= 1 << (v - 1)
		}
		if v := given[i]; v != 0 && keep>>(v-1)&1 == 0 {
			return nil, bad(fmt.Sprintf("%s is given as %d", m.CellName(i), v))
		}
		for v := 1; v <= m.Values(); v++ {
			if keep>>(v-1)&1 == 0 {
				out = append(out, m.Cand(i, v))
			}
		}
	}
	return out, nil
}
