package dlx

import (
	"context"
	"unsafe"
)

// A Reason says why a search ended.
type Reason uint8

const (
	// Complete: the whole search tree was explored.
	Complete Reason = iota
	// SolutionLimit: the requested number of solutions was found.
	SolutionLimit
	// Stopped: the visitor asked to stop.
	Stopped
	// NodeLimit: the node budget ran out.
	NodeLimit
	// Interrupted: the context was done; Outcome.Err says why.
	Interrupted
)

var reasonNames = [...]string{Complete: "complete", SolutionLimit: "solution limit", Stopped: "stopped", NodeLimit: "node limit", Interrupted: "interrupted"}

// String returns the reason's name.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason(?)"
}

// Limits bound a search. The zero value finds every solution with no node
// budget.
type Limits struct {
	// Solutions stops the search once that many solutions were found;
	// 0 or less finds them all.
	Solutions int
	// Nodes stops the search after that many search nodes; 0 means no
	// bound.
	Nodes int64
}

// An Outcome reports what a search did.
type Outcome struct {
	Count   int    // solutions found
	Reason  Reason // why the search ended
	Err     error  // the context's error when Reason is Interrupted
	Nodes   int64  // search tree nodes (entries to step X2)
	Updates int64  // link updates made by covering
	Guesses int64  // branch points: items chosen with more than one live option
}

// A StepKind says what a traced search did.
type StepKind uint8

const (
	// StepTry: Option was tried at Level, one of Options live options of
	// the item chosen there.
	StepTry StepKind = iota + 1
	// StepUndo: Option, tried at Level, was withdrawn.
	StepUndo
	// StepSolution: every primary item is covered, by the Level options
	// on the stack.
	StepSolution
	// StepDeadEnd: the item chosen at Level has no live option.
	StepDeadEnd
)

// A Step is one step of a traced search ([Matrix.SearchTrace]). Option is
// the option tried or withdrawn, -1 for a solution or a dead end; Options
// is the number of live options the item chosen at Level had when it was
// chosen (0 for a solution or a dead end).
type Step struct {
	Kind    StepKind
	Level   int32
	Option  int32
	Options int32
}

// pollMask sets how often the search polls the context: at the first node,
// then every pollMask+1 nodes.
const pollMask = 1<<12 - 1

// Search runs Algorithm X on the matrix in its current state (after any
// commits and removals) and calls visit, if not nil, for each solution with
// the options chosen by the search, in the order chosen. The slice is reused:
// the next call overwrites it. The options committed before the search are
// not included. The search stops when visit returns false, when lim is
// reached or when ctx is done; it always restores the matrix to the state it
// found it in. Search makes no allocation.
func (x *Matrix) Search(ctx context.Context, lim Limits, visit func(options []int32) bool) Outcome {
	return x.SearchTrace(ctx, lim, visit, nil)
}

// SearchTrace is Search that also calls trace, if not nil, for every step
// of the search, in order: each option tried (at the level it is tried
// on, so levels go up by one per try), each option withdrawn when the
// search backtracks, each solution (before visit sees it) and each dead
// end (an item with no live option). Every try is followed by its undo
// unless the search stops first (a limit, a visitor, the context): it
// then returns without reporting the options it unwinds. A try enters a
// node: Outcome.Nodes is the number of tries plus one (the root), or the
// number of tries when the node budget stopped the search. With a nil
// trace it is Search: the hook costs a test of trace at each try, undo,
// solution and dead end, and none inside cover and uncover.
func (x *Matrix) SearchTrace(ctx context.Context, lim Limits, visit func(options []int32) bool, trace func(Step)) Outcome {
	var done <-chan struct{}
	if ctx != nil {
		done = ctx.Done()
	}
	out := x.search(done, lim, visit, trace)
	if out.Reason == Interrupted {
		out.Err = ctx.Err()
	}
	return out
}

// search is Knuth's Algorithm X, steps X1–X8, as a loop over labels with an
// explicit choice stack, plus an abort path that unwinds every level. On a
// colored matrix it is Algorithm C: the same steps, with commit and
// uncommit in place of covering and uncovering an option's other items.
func (x *Matrix) search(done <-chan struct{}, lim Limits, visit func([]int32) bool, trace func(Step)) (out Outcome) {
	top, ul, dl, ln := x.base()
	rl := unsafe.Pointer(unsafe.SliceData(x.rlink))
	col := unsafe.Pointer(unsafe.SliceData(x.color))
	colored := x.color != nil
	choice := x.choice
	var (
		l       int32 // level
		i, p, q int32 // item, chosen node, walking node
		j, best int32
		nodes   int64
		updates int64
		guesses int64
		count   int
		reason  = Complete
		budget  = lim.Nodes
	)
	// X1 (initialise) happened when the matrix was built.
x2: // Enter level l.
	if budget > 0 && nodes >= budget {
		reason = NodeLimit
		goto abort
	}
	nodes++
	if nodes&pollMask == 1 && done != nil { // nodes 1, 4097, …
		select {
		case <-done:
			reason = Interrupted
			goto abort
		default:
		}
	}
	if *at(rl, 0) == 0 { // every primary item is covered: a solution
		count++
		if trace != nil {
			trace(Step{Kind: StepSolution, Level: l, Option: -1})
		}
		if visit != nil {
			sol := x.sol[:l]
			for k := range sol {
				sol[k] = x.optionOf(choice[k])
			}
			if !visit(sol) {
				reason = Stopped
				goto abort
			}
		}
		if lim.Solutions > 0 && count >= lim.Solutions {
			reason = SolutionLimit
			goto abort
		}
		goto x8
	}
	// X3: choose the primary item with the fewest live options, leftmost
	// on ties, stopping early at one.
	best = 1<<31 - 1
	for j = *at(rl, 0); j != 0; j = *at(rl, j) {
		if n := *at(ln, j); n < best {
			best, i = n, j
			if best <= 1 {
				break
			}
		}
	}
	if best == 0 { // dead end: no option covers i
		if trace != nil {
			trace(Step{Kind: StepDeadEnd, Level: l, Option: -1})
		}
		goto x8
	}
	if best > 1 {
		guesses++
	}
	// X4: cover i.
	if colored {
		updates += x.coverC(i)
	} else {
		updates += x.cover(i)
	}
	choice[l] = *at(dl, i)
x5: // Try choice[l]: cover its other items, or with colors commit them
	// (Algorithm C: cover an uncolored item, purify a colored one, and
	// leave one already purified to this color).
	p = choice[l]
	if p == i {
		goto x7
	}
	if trace != nil { // i stays covered, so its length is its count at X3
		trace(Step{Kind: StepTry, Level: l, Option: x.optionOf(p), Options: *at(ln, i)})
	}
	for q = p + 1; q != p; {
		j = *at(top, q)
		if j <= 0 {
			q = *at(ul, q)
			continue
		}
		if !colored {
			updates += x.cover(j)
		} else if c := *at(col, q); c == 0 {
			updates += x.coverC(j)
		} else if c > 0 {
			updates += x.purify(j, c)
		}
		q++
	}
	l++
	goto x2
x6: // Try again: undo choice[l] and move to the next option of its item.
	p = choice[l]
	i = *at(top, p)
	if trace != nil {
		trace(Step{Kind: StepUndo, Level: l, Option: x.optionOf(p)})
	}
	for q = p - 1; q != p; {
		j = *at(top, q)
		if j <= 0 {
			q = *at(dl, q)
			continue
		}
		if !colored {
			x.uncover(j)
		} else if c := *at(col, q); c == 0 {
			x.uncoverC(j)
		} else if c > 0 {
			x.unpurify(j, c)
		}
		q--
	}
	choice[l] = *at(dl, p)
	goto x5
x7: // Backtrack: uncover i.
	if colored {
		x.uncoverC(i)
	} else {
		x.uncover(i)
	}
x8: // Leave level l.
	if l == 0 {
		goto finish
	}
	l--
	goto x6
abort: // Unwind every level, restoring the matrix.
	for l > 0 {
		l--
		p = choice[l]
		i = *at(top, p)
		for q = p - 1; q != p; {
			j = *at(top, q)
			if j <= 0 {
				q = *at(dl, q)
				continue
			}
			if !colored {
				x.uncover(j)
			} else if c := *at(col, q); c == 0 {
				x.uncoverC(j)
			} else if c > 0 {
				x.unpurify(j, c)
			}
			q--
		}
		if colored {
			x.uncoverC(i)
		} else {
			x.uncover(i)
		}
	}
finish:
	out.Count, out.Reason, out.Nodes, out.Updates, out.Guesses = count, reason, nodes, updates, guesses
	return out
}
