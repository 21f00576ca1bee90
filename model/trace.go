package model

import (
	"fmt"
	"strings"
)

// An EventKind says what a search did.
type EventKind uint8

const (
	// EventTry: a candidate (cell, value) was placed at Depth, one of
	// Options alternatives of the chosen item or cell.
	EventTry EventKind = iota + 1
	// EventUndo: the candidate placed at Depth was taken back (a
	// backtrack).
	EventUndo
	// EventSolution: every cell is placed: a solution (Depth = number of
	// placements on the stack).
	EventSolution
	// EventDeadEnd: the chosen item or cell at Depth had no alternative
	// left (a contradiction).
	EventDeadEnd
)

var eventKindNames = [...]string{EventTry: "try", EventUndo: "undo", EventSolution: "solution", EventDeadEnd: "deadend"}

// String returns "try", "undo", "solution" or "deadend".
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// MarshalText implements encoding.TextMarshaler with String's names.
func (k EventKind) MarshalText() ([]byte, error) {
	if int(k) >= len(eventKindNames) || eventKindNames[k] == "" {
		return nil, fmt.Errorf("model: bad event kind %d", uint8(k))
	}
	return []byte(eventKindNames[k]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads String's
// names back.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, name := range eventKindNames {
		if name != "" && name == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("model: unknown event kind %q", b)
}

// NoCand stands for no candidate: an Event's Cand when its step places
// none (an option of a sum or a table, a dead end, a solution).
const NoCand Cand = -1

// An Event is one step of a search, as a search replay shows it. Cand is
// the candidate placed or withdrawn (NoCand where the step has none, e.g.
// an option of a sum or a table that is not one candidate). Options is how
// many alternatives the chosen item or cell had at this branch point (0
// where not applicable).
//
// A traced search reports its branching, not its inferences: the givens,
// and whatever a backend deduces without choosing (a propagation), are no
// events. Each Try at Depth d is matched later by an Undo at d unless the
// search stopped first (a solution limit, a budget, a cancellation: the
// search then ends without undoing). Depth counts the Tries on the stack:
// the first Try is at Depth 0, a Try at d+1 comes only while one at d is
// on the stack, and a Solution or DeadEnd at d comes with d Tries on the
// stack.
type Event struct {
	Kind    EventKind `json:"kind"`
	Depth   int32     `json:"depth"`
	Cand    Cand      `json:"cand"`
	Options int32     `json:"options,omitempty"`
}

// String writes the event as "try 0 c12 (of 3)", "undo 0 c12",
// "solution 4" or "deadend 2", with candidates as numbers; see
// [Event.Describe] for names.
func (e Event) String() string { return e.format(func(c Cand) string { return fmt.Sprintf("c%d", c) }) }

// Describe writes the event as String does, naming candidates as
// [Model.Describe] does ("try 0 r1c2=3 (of 2)").
func (e Event) Describe(m *Model) string { return e.format(m.Describe) }

func (e Event) format(name func(Cand) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v %d", e.Kind, e.Depth)
	if e.Cand != NoCand {
		b.WriteString(" " + name(e.Cand))
	}
	if e.Options > 0 {
		fmt.Fprintf(&b, " (of %d)", e.Options)
	}
	return b.String()
}

// A Recorder keeps a search's events up to a bound, for Options.Trace:
//
//	rec := model.Recorder{Max: 100000}
//	opts.Trace = rec.Add
//
// Events past Max are counted in Dropped, not kept, so memory stays
// bounded however long the search runs. The zero Recorder keeps every
// event. A Recorder is not safe for concurrent use; a search calls its
// Trace from one goroutine.
type Recorder struct {
	// Max bounds len(Events); 0 or less keeps every event.
	Max int
	// Events holds the first Max events, in order.
	Events []Event
	// Dropped counts the events that came after Max were kept.
	Dropped int64
}

// Add records e, or counts it in Dropped when Max events are kept already.
func (r *Recorder) Add(e Event) {
	if r.Max > 0 && len(r.Events) >= r.Max {
		r.Dropped++
		return
	}
	r.Events = append(r.Events, e)
}

// Total returns the number of events the recorder was given, kept or not.
func (r *Recorder) Total() int64 { return int64(len(r.Events)) + r.Dropped }
