package model

import (
	"context"
	"fmt"
	"slices"
)

// MaxDigitSetTable bounds the table DigitSets fills before it lists any
// set: (values+1) * (cells+1) * (the spread of the partial sums) entries.
const MaxDigitSetTable = 1 << 22

// A DigitSetsError says that a sum has more digit sets than its caller
// takes, or too wide a range of partial sums to count them: Sets is the
// count (capped at Limit+1; -1 when the table was not filled).
type DigitSetsError struct {
	Cells, Values int
	Sets, Limit   int64
}

// Error implements error.
func (e *DigitSetsError) Error() string {
	if e.Sets < 0 {
		return fmt.Sprintf("%d cells of %d values: their partial sums need a table above %d entries", e.Cells, e.Values, MaxDigitSetTable)
	}
	return fmt.Sprintf("%d cells of %d values: more than %d digit sets", e.Cells, e.Values, e.Limit)
}

// DigitSets returns the sets of k distinct values from 1 to len(w) (each
// set ascending) whose weights, w[v-1] for value v, add up to one of
// totals. It counts the sets with a table over the partial sums before it
// lists any, and lists only those, so its work is bounded by the table and
// the sets it returns: with more than limit sets, or a table above
// MaxDigitSetTable entries, it returns a *DigitSetsError without listing.
// It polls ctx while it works and gives up with ctx's error when ctx ends.
func DigitSets(ctx context.Context, w []int64, k int, totals []int64, limit int64) ([][]int32, error) {
	vals := len(w)
	if k < 0 || k > vals {
		return [][]int32{}, nil
	}
	lo, hi := int64(0), int64(0)
	for _, x := range w {
		lo, hi = min(lo, x), max(hi, x)
	}
	// Partial sums of up to k weights lie in [k*lo, k*hi].
	base, span := int64(k)*lo, int64(k)*(hi-lo)+1
	if hi-lo > MaxDigitSetTable || span*int64(vals+1)*int64(k+1) > MaxDigitSetTable {
		return nil, &DigitSetsError{Cells: k, Values: vals, Sets: -1, Limit: limit}
	}
	// ways[(i*(k+1)+j)*span+s] counts (capped at limit+1) the ways to pick
	// j values from i+1..vals that take the partial sum s+base to a total.
	limit = min(max(limit, 0), 1<<29)
	ways := make([]int32, int64(vals+1)*int64(k+1)*span)
	at := func(i, j int, s int64) int64 { return (int64(i*(k+1)+j))*span + s - base }
	for _, t := range totals {
		if t >= base && t < base+span {
			ways[at(vals, 0, t)] = 1
		}
	}
	for i := vals - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for j := 0; j <= k; j++ {
			for s := base; s < base+span; s++ {
				n := ways[at(i+1, j, s)]
				if j > 0 {
					if s2 := s + w[i]; s2 >= base && s2 < base+span {
						n += ways[at(i+1, j-1, s2)]
					}
				}
				ways[at(i, j, s)] = int32(min(int64(n), limit+1))
			}
		}
	}
	if n := int64(ways[at(0, k, 0)]); n > limit {
		return nil, &DigitSetsError{Cells: k, Values: vals, Sets: n, Limit: limit}
	}
	sets := [][]int32{}
	set := make([]int32, 0, k)
	var walk func(i, j int, s int64) error
	walk = func(i, j int, s int64) error {
		if j == 0 {
			sets = append(sets, slices.Clone(set))
			if len(sets)&1023 == 0 {
				return ctx.Err()
			}
			return nil
		}
		// Every step leads to a set: ways says which steps do.
		if s2 := s + w[i]; s2 >= base && s2 < base+span && ways[at(i+1, j-1, s2)] > 0 {
			set = append(set, int32(i+1))
			err := walk(i+1, j-1, s2)
			set = set[:len(set)-1]
			if err != nil {
				return err
			}
		}
		if ways[at(i+1, j, s)] > 0 {
			return walk(i+1, j, s)
		}
		return nil
	}
	if ways[at(0, k, 0)] > 0 {
		if err := walk(0, k, 0); err != nil {
			return nil, err
		}
	}
	return sets, nil
}
