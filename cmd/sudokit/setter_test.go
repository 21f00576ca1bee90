package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// six4 is a 4x4 puzzle with six solutions.
const six4 = "1.......2......1"

func TestCandidatesTrue(t *testing.T) {
	r := run(t, "", "candidates", "--true", six4)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, `1  .2 | .. .2
   34 | 34 34

.. .2 | 1  .2
34 34 |    34
------+------
2  1  | .. ..
      | 34 34

.. .. | 2  1
34 34 |

`, r.stdout)

	r = run(t, "", "candidates", "--true", "--json", six4)
	require.Equal(t, 0, r.code, r.stderr)
	var rec setterRecord
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.Equal(t, "1 234 34 234 34 234 1 234 2 1 34 34 34 34 2 1", rec.Candidates)
	assert.Empty(t, rec.Unknown)
	require.NotNil(t, rec.Undecided)
	assert.Zero(t, *rec.Undecided)

	// Without --true: solve --format candidates.
	plain := run(t, "", "candidates", top95first)
	assert.Equal(t, run(t, "", "solve", "--format", "candidates", top95first).stdout, plain.stdout)
	assert.NotContains(t, plain.stdout, "?")
}

// TestCandidatesTrueStopped: a node budget too small to decide leaves
// values '?' and says how many, with exit code 3.
func TestCandidatesTrueStopped(t *testing.T) {
	r := run(t, "", "candidates", "--true", "--backend", "dlx", "--nodes", "1", threeRows)
	assert.Equal(t, exitLimit, r.code, r.stderr)
	assert.Contains(t, r.stdout, "?")
	assert.Contains(t, r.stdout, "undecided: ")

	r = run(t, "", "candidates", "--true", "--backend", "dlx", "--nodes", "1", "--json", threeRows)
	assert.Equal(t, exitLimit, r.code, r.stderr)
	var rec setterRecord
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.NotEmpty(t, rec.Unknown)
	assert.Positive(t, *rec.Undecided)

	r = run(t, "", "candidates", "--json", six4)
	assert.Equal(t, exitUsage, r.code, "--json needs --true")
	r = run(t, "", "candidates", "--true", "--format", "line", six4)
	assert.Equal(t, exitUsage, r.code, "no line form of candidates")
	assert.Contains(t, r.stderr, "unknown --format")
}

func TestSuggest(t *testing.T) {
	r := run(t, "", "suggest", "--max", "5", six4)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	assert.Equal(t, "multiple (6 solutions; additions of given)", lines[0])
	assert.Equal(t, "r1c2=3 unique (keeps 1 of 6)", lines[1])
	assert.Len(t, lines, 6)

	r = run(t, "", "suggest", "--json", "--sample", "2", "--check", "3", six4)
	require.Equal(t, 0, r.code, r.stderr)
	var rec setterRecord
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.Equal(t, 2, *rec.Sample)
	assert.False(t, *rec.Exact)
	statuses := map[string]int{}
	for _, a := range rec.Additions {
		statuses[a.Status]++
	}
	assert.Equal(t, 3, statuses["unique"]+statuses["multiple"], "three checked")
	assert.Positive(t, statuses["unchecked"])

	r = run(t, "", "suggest", top95first)
	assert.Equal(t, exitNegative, r.code, "a unique puzzle gets nothing")
	assert.Equal(t, "unique\n\n", r.stdout)

	r = run(t, "", "suggest", "--sample", "0", six4)
	assert.Equal(t, exitUsage, r.code)
}

func TestVerifyRules(t *testing.T) {
	r := run(t, "", "verify", "--rules", "../../testdata/killer.json")
	assert.Equal(t, exitNegative, r.code, r.stderr)
	assert.Contains(t, r.stdout, "each of these rules can be removed: killer cage 1 (r1c1 r1c2 = 3)")

	r = run(t, "", "verify", "--rules", "--json", "../../testdata/killer.json")
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.Len(t, rec["redundant_rules"], 29, "every cage of a killer covering the grid is implied by the others")
	assert.Equal(t, false, rec["minimal"])

	// A classic puzzle has no rule to remove: the same answer as --minimal.
	assert.Equal(t, run(t, "", "verify", "--minimal", top95first).stdout, run(t, "", "verify", "--rules", top95first).stdout)
}

func TestCountEstimate(t *testing.T) {
	r := run(t, "", "count", "--estimate", "--probes", "300", "--json", six4)
	require.Equal(t, 0, r.code, r.stderr)
	var rec setterRecord
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	require.NotNil(t, rec.Estimate)
	assert.Equal(t, 300, rec.Estimate.Probes)
	assert.InDelta(t, 6, rec.Estimate.Mean, 4*rec.Estimate.StdErr+1e-9)

	r = run(t, "", "count", "--estimate", top95first)
	assert.Equal(t, "~1 (± 0, 95% 1..1, 100 probes)\n", r.stdout, "a unique puzzle: every probe sees one way")
	r = run(t, "", "count", "--estimate", twoInRow)
	assert.Equal(t, "0\n", r.stdout)
	r = run(t, "", "count", "--estimate", "--backend", "dlx", "--nodes", "1", threeRows)
	assert.Equal(t, exitLimit, r.code)
	assert.Equal(t, "unknown\n", r.stdout)
	r = run(t, "", "count", "--estimate", "--probes", "0", six4)
	assert.Equal(t, exitUsage, r.code)
}
