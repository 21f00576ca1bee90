package model_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

func TestEventKindNames(t *testing.T) {
	for _, tc := range []struct {
		kind model.EventKind
		want string
	}{
		{model.EventTry, "try"},
		{model.EventUndo, "undo"},
		{model.EventSolution, "solution"},
		{model.EventDeadEnd, "deadend"},
	} {
		assert.Equal(t, tc.want, tc.kind.String())
		b, err := tc.kind.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tc.want, string(b))
		var back model.EventKind
		require.NoError(t, back.UnmarshalText(b))
		assert.Equal(t, tc.kind, back)
	}
	for _, bad := range []model.EventKind{0, 5, 255} {
		assert.Equal(t, fmt.Sprintf("event(%d)", uint8(bad)), bad.String())
		_, err := bad.MarshalText()
		assert.Error(t, err, "kind %d", bad)
	}
	var k model.EventKind
	assert.ErrorContains(t, k.UnmarshalText([]byte("jump")), `unknown event kind "jump"`)
	assert.Error(t, k.UnmarshalText(nil))
}

func TestEventJSON(t *testing.T) {
	for _, tc := range []struct {
		ev   model.Event
		want string
	}{
		{model.Event{Kind: model.EventTry, Depth: 3, Cand: 17, Options: 2}, `{"kind":"try","depth":3,"cand":17,"options":2}`},
		{model.Event{Kind: model.EventUndo, Depth: 3, Cand: 17}, `{"kind":"undo","depth":3,"cand":17}`},
		{model.Event{Kind: model.EventSolution, Depth: 5, Cand: model.NoCand}, `{"kind":"solution","depth":5,"cand":-1}`},
		{model.Event{Kind: model.EventDeadEnd, Depth: 1, Cand: model.NoCand}, `{"kind":"deadend","depth":1,"cand":-1}`},
	} {
		b, err := json.Marshal(tc.ev)
		require.NoError(t, err)
		assert.JSONEq(t, tc.want, string(b))
		var back model.Event
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, tc.ev, back)
	}
	_, err := json.Marshal(model.Event{})
	assert.Error(t, err, "the zero event has no kind")
}

func TestEventString(t *testing.T) {
	b := model.NewBuilder(16, 4)
	b.NameCells(func(cell int) string { return fmt.Sprintf("r%dc%d", cell/4+1, cell%4+1) })
	m, err := b.Build()
	require.NoError(t, err)
	for _, tc := range []struct {
		ev        model.Event
		str, desc string
	}{
		{model.Event{Kind: model.EventTry, Depth: 0, Cand: m.Cand(1, 3), Options: 2}, "try 0 c6 (of 2)", "try 0 r1c2=3 (of 2)"},
		{model.Event{Kind: model.EventUndo, Depth: 4, Cand: m.Cand(15, 4)}, "undo 4 c63", "undo 4 r4c4=4"},
		{model.Event{Kind: model.EventSolution, Depth: 9, Cand: model.NoCand}, "solution 9", "solution 9"},
		{model.Event{Kind: model.EventDeadEnd, Depth: 2, Cand: model.NoCand}, "deadend 2", "deadend 2"},
	} {
		assert.Equal(t, tc.str, tc.ev.String())
		assert.Equal(t, tc.desc, tc.ev.Describe(m))
	}
}

func TestRecorder(t *testing.T) {
	ev := func(i int) model.Event {
		return model.Event{Kind: model.EventTry, Depth: int32(i), Cand: model.Cand(i)}
	}
	for _, tc := range []struct {
		name      string
		max, adds int
		kept      int
		dropped   int64
	}{
		{"unbounded", 0, 50, 50, 0},
		{"negative is unbounded", -1, 7, 7, 0},
		{"under the bound", 10, 4, 4, 0},
		{"at the bound", 10, 10, 10, 0},
		{"past the bound", 10, 25, 10, 15},
		{"bound of one", 1, 3, 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := model.Recorder{Max: tc.max}
			var trace func(model.Event) = rec.Add // usable as Options.Trace
			for i := range tc.adds {
				trace(ev(i))
			}
			require.Len(t, rec.Events, tc.kept)
			assert.Equal(t, tc.dropped, rec.Dropped)
			assert.Equal(t, int64(tc.adds), rec.Total())
			for i, e := range rec.Events {
				assert.Equal(t, ev(i), e, "the first events are kept, in order")
			}
		})
	}
}
