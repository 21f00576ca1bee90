package logic

import (
	"fmt"

	"github.com/sudokit/sudokit/model"
)

// lockedIn returns the search of locked candidates in the ExactlyOne rules
// of one kind of house (rows and columns together; other: every other
// rule): an ExactlyOne rule whose open candidates all see some other
// candidate eliminates it. In a classic grid this is pointing (a box's
// digit confined to one line) and claiming (a line's digit confined to one
// box); on other rules it is named locked candidates. The solver looks at
// every box (pointing) before every row and column (claiming), and those
// before the other rules: easiest first.
func lockedIn(k kind) finder {
	return func(s *state) (Step, bool) { return lockedOf(s, k) }
}

// lockedOf is locked over the rules of one kind of house, rows and
// columns together.
func lockedOf(s *state, k kind) (Step, bool) {
	var open []model.Cand
	for _, o := range s.geo.ones {
		if ok := o.kind; ok != k && !(k == row && ok == column) {
			continue
		}
		open = open[:0]
		done := false
		for _, c := range o.cands {
			if s.chosen(c) {
				done = true
				break
			}
			if s.alive(c) {
				open = append(open, c)
			}
		}
		if done || len(open) < 2 {
			continue
		}
		// The live candidates every open one sees (members never see all
		// the others and themselves), in the order of open[0]'s peers.
		e := elims{s: s}
		for _, p := range s.geo.peers(open[0]) {
			if !s.alive(p) {
				continue
			}
			all := true
			for _, c := range open[1:] {
				if !s.geo.sees(c, p) {
					all = false
					break
				}
			}
			if all {
				e.addCand(p)
			}
		}
		if e.empty() {
			continue
		}
		t := LockedCandidates
		list := e.list()
		switch o.kind {
		case box:
			t = Pointing
		case row, column:
			t = Claiming
		}
		cells := make([]int, len(open))
		for i, c := range open {
			cells[i] = s.cellOf(c)
		}
		v := s.valueOf(open[0])
		where := "the cells they all see"
		if t == Pointing || t == Claiming {
			where = s.sharedHouse(cells, o.label)
		}
		reason := fmt.Sprintf("%d in %s lies only in %s, so it leaves the rest of %s", v, o.label, listNames(s, cells), where)
		if !sameValue(s, open) {
			reason = fmt.Sprintf("one of %s holds in %s, so what they all see goes", listCands(s, open), o.label)
		}
		st := Step{Technique: t, Reason: reason, Houses: []string{o.label}, Cells: s.names(cells),
			Digits: []int{v}, Eliminations: list}
		if s.accept != nil && !s.accept(&st) {
			continue
		}
		return st, true
	}
	return Step{}, false
}

// sharedHouse names a house other than skip that holds every cell.
func (s *state) sharedHouse(cells []int, skip string) string {
	for _, h := range s.geo.houses {
		if h.name != skip && containsAll(h.cells, cells) {
			return h.name
		}
	}
	return "the cells they all see"
}

func sameValue(s *state, cs []model.Cand) bool {
	for _, c := range cs {
		if s.valueOf(c) != s.valueOf(cs[0]) {
			return false
		}
	}
	return true
}

func listNames(s *state, cells []int) string {
	out := ""
	for i, c := range cells {
		if i > 0 {
			out += " "
		}
		out += s.geo.cellNames[c]
	}
	return out
}

func listCands(s *state, cs []model.Cand) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += fmt.Sprintf("%s=%d", s.geo.cellNames[s.cellOf(c)], s.valueOf(c))
	}
	return out
}
