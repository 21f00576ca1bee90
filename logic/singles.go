package logic

import (
	"fmt"
	"math/bits"

	"github.com/sudokit/sudokit/model"
)

// fullHouse finds a house with one open cell left.
func fullHouse(s *state) (Step, bool) {
	for _, h := range s.geo.houses {
		if !h.full {
			continue
		}
		open := -1
		for _, c := range h.cells {
			if s.val[c] == 0 {
				if open >= 0 {
					open = -2
					break
				}
				open = c
			}
		}
		if open < 0 || bits.OnesCount64(s.cand[open]) != 1 {
			continue
		}
		v := bits.TrailingZeros64(s.cand[open]) + 1
		name := s.geo.cellNames[open]
		return Step{Technique: FullHouse, Reason: fmt.Sprintf("%s is the last open cell of %s: %s=%d", name, h.name, name, v),
			Houses: []string{h.name}, Cells: []string{name}, Digits: []int{v}, Placements: s.placement(open, v)}, true
	}
	return Step{}, false
}

// nakedSingle finds an open cell with one candidate left.
func nakedSingle(s *state) (Step, bool) {
	for c, m := range s.cand {
		if s.val[c] != 0 || bits.OnesCount64(m) != 1 {
			continue
		}
		v := bits.TrailingZeros64(m) + 1
		name := s.geo.cellNames[c]
		return Step{Technique: NakedSingle, Reason: fmt.Sprintf("%s can only be %d", name, v),
			Cells: []string{name}, Digits: []int{v}, Placements: s.placement(c, v)}, true
	}
	return Step{}, false
}

// hiddenSingle finds an ExactlyOne rule with one candidate left.
func hiddenSingle(s *state) (Step, bool) { return hiddenSingleIn(s, false) }

// hiddenSingleBoxFirst is hiddenSingle looking at the boxes first.
func hiddenSingleBoxFirst(s *state) (Step, bool) {
	if st, ok := hiddenSingleIn(s, true); ok {
		return st, true
	}
	return hiddenSingleIn(s, false)
}

// hiddenSingleIn finds a hidden single in s's ExactlyOne rules, in boxes
// only when boxes.
func hiddenSingleIn(s *state, boxes bool) (Step, bool) {
	for _, o := range s.geo.ones {
		if boxes && kindOf(o.label) != box {
			continue
		}
		left, ok := s.lastOf(o.cands)
		if !ok {
			continue
		}
		cell, v := s.cellOf(left), s.valueOf(left)
		name := s.geo.cellNames[cell]
		return Step{Technique: HiddenSingle, Reason: fmt.Sprintf("%d in %s must go in %s", v, o.label, name),
			Houses: []string{o.label}, Cells: []string{name}, Digits: []int{v}, Placements: s.placement(cell, v)}, true
	}
	return Step{}, false
}

// lastOf returns the one live candidate of an ExactlyOne rule's cands when
// it has exactly one and none is chosen.
func (s *state) lastOf(cands []model.Cand) (model.Cand, bool) {
	left, count := model.Cand(0), 0
	for _, c := range cands {
		if s.chosen(c) {
			return 0, false
		}
		if s.alive(c) {
			left = c
			count++
		}
	}
	return left, count == 1
}
