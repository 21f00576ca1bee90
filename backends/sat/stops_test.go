package sat

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// TestEncodingStops: each step between the shape and gini's search stops
// when the context ends: writing the clauses, loading them into a fresh
// instance, writing the base CNF of incremental solving and loading it.
func TestEncodingStops(t *testing.T) {
	m := solvertest.Blank(t, 3, 3)
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	s := New()
	sh, err := s.shapeOf(context.Background(), m)
	require.NoError(t, err)
	e := sh.get()
	defer sh.put(e)
	require.True(t, e.s.Propagate(nil, nil))

	require.ErrorIs(t, e.emit(ended), context.Canceled, "emit")

	// The clauses are written (the first poll passes), their loading
	// stops (the second): no variable, clause or solver call.
	var res model.Result
	assert.Equal(t, model.Deadline, fresh(solvertest.Countdown(1), e, model.Options{Limit: 2}, &res))
	assert.Equal(t, model.Stats{}, res.Stats, "stopped before gini's search")

	_, err = s.pool(ended, m)
	require.ErrorIs(t, err, context.Canceled, "base CNF")
	p, err := s.pool(context.Background(), m)
	require.NoError(t, err, "the stopped build left nothing in the cache")
	_, err = p.get(ended)
	require.ErrorIs(t, err, context.Canceled, "loading the base CNF")
	inst, err := p.get(context.Background())
	require.NoError(t, err)
	assert.NotNil(t, inst.g)
}
