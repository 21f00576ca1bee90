package generate_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/generate"
)

func TestSetDifficulty(t *testing.T) {
	tests := []struct {
		spec, level           string
		accept, within, steer bool
		err                   string
	}{
		{spec: "easy", level: "easy", accept: true, within: true, steer: true},
		{spec: "intermediate", level: "intermediate", accept: true, within: true},
		{spec: "expert", level: "expert", accept: true, within: true},
		{spec: "expert+", level: "expert+", accept: true},
		{spec: "extreme", level: "extreme", accept: true},
		{spec: "master", level: "master", accept: true},
		{spec: "master+", level: "master+", accept: true},
		{spec: "search", err: "ask for master"},
		{spec: "search+", err: "ask for master"},
		{spec: "simple+", level: ""},
		{spec: "hard", err: "hard"},
		{spec: "+", err: "level"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			var o generate.Options
			err := o.SetDifficulty(tt.spec)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.level, o.Level)
			assert.Equal(t, tt.accept, o.Accept != nil, "Accept")
			assert.Equal(t, tt.within, o.Within != nil, "Within")
			assert.Equal(t, tt.steer, o.Steer, "Steer")
		})
	}
}
