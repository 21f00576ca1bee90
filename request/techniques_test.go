package request_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/request"
)

// TestTechniquesFrom: a spec changes its base, an empty spec keeps it (and
// TechniqueSet gives 0, the defaults), an unknown name or a spec that
// leaves no technique is an error naming it.
func TestTechniquesFrom(t *testing.T) {
	base := logic.DefaultTechniques() &^ (logic.TechniqueSet(1) << logic.XWing)
	set, err := request.TechniquesFrom("", base)
	require.NoError(t, err)
	assert.Equal(t, base, set)
	set, err = request.TechniquesFrom("+x-wing,-aic", base)
	require.NoError(t, err)
	assert.True(t, set.Has(logic.XWing))
	assert.False(t, set.Has(logic.AIC))
	assert.Equal(t, base.Has(logic.Nishio), set.Has(logic.Nishio))
	_, err = request.TechniquesFrom("+no such", base)
	assert.ErrorContains(t, err, `"no such"`)
	_, err = request.TechniquesFrom("none", base)
	assert.ErrorContains(t, err, "leaves no technique")
	set, err = request.TechniqueSet("  ")
	require.NoError(t, err)
	assert.Zero(t, set)
	set, err = request.TechniqueSet("-x-wing")
	require.NoError(t, err)
	assert.Equal(t, logic.DefaultTechniques()&^(logic.TechniqueSet(1)<<logic.XWing), set)
}
