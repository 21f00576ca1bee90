package logic_test

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/logic"
)

// qqwingLevels are qqwing's difficulty words, easiest first.
var qqwingLevels = []string{"simple", "easy", "intermediate", "expert"}

// TestCalibrateQQwing grades puzzles qqwing generates at each of its
// levels, checks every step, logs the agreement table (qqwing's level ×
// ours) and requires the mean score to grow with qqwing's level.
func TestCalibrateQQwing(t *testing.T) {
	if _, err := exec.LookPath("qqwing"); err != nil {
		t.Skip("qqwing not on PATH (apt-get install qqwing): no calibration")
	}
	n := 40
	if testing.Short() {
		n = 10
	}
	table := map[string]map[logic.Level]int{}
	mean := map[string]float64{}
	for _, q := range qqwingLevels {
		out, err := exec.Command("qqwing", "--generate", fmt.Sprint(n), "--difficulty", q, "--one-line").Output()
		require.NoError(t, err)
		lines := strings.Fields(string(out))
		require.Len(t, lines, n)
		table[q] = map[logic.Level]int{}
		for _, line := range lines {
			m := build(t, line, "")
			p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
			require.NoError(t, err)
			checkPath(t, m, p, solution(t, m))
			table[q][p.Level]++
			mean[q] += float64(p.Score) / float64(n)
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n| qqwing \\ sudokit |")
	for _, l := range logic.Levels() {
		fmt.Fprintf(&sb, " %s |", l)
	}
	sb.WriteString(" mean score |\n|---|---|---|---|---|---|---|---|\n")
	for _, q := range qqwingLevels {
		fmt.Fprintf(&sb, "| %s |", q)
		for _, l := range logic.Levels() {
			fmt.Fprintf(&sb, " %d |", table[q][l])
		}
		fmt.Fprintf(&sb, " %.0f |\n", mean[q])
	}
	t.Log(sb.String())
	for i := 1; i < len(qqwingLevels); i++ {
		assert.Less(t, mean[qqwingLevels[i-1]], mean[qqwingLevels[i]], "mean score of %s < %s", qqwingLevels[i-1], qqwingLevels[i])
	}
}
