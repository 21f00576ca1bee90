package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBatchMissingFile: a missing file in a batch answers error in its
// place with a message naming it, the rest go on, and the exit code says
// an input failed (README: "the rest go on").
func TestBatchMissingFile(t *testing.T) {
	good := writeFile(t, "good.txt", top95first+"\n")
	missing := filepath.Join(t.TempDir(), "missing.txt")
	r := run(t, "", "solve", good, missing, top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, top95sol+"\nerror\n"+top95sol+"\n", r.stdout)
	assert.Contains(t, r.stderr, missing+": no such file")

	r = run(t, "", "solve", "--json", missing, good)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 2, r.stdout)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	assert.Equal(t, missing, rec["source"])
	assert.Contains(t, rec["error"], "no such file")
}

// TestVersion: sudokit version prints the version, as --version does.
func TestVersionCommand(t *testing.T) {
	r := run(t, "", "version")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "sudokit "+version()+" (go"), r.stdout)
}

// TestGenerateRecord: generate --json records carry schema, source and
// line as the other records do, and the seed they record (a string of
// digits, which any JSON reader takes exactly), with the index as
// --first, makes the same puzzle again.
func TestGenerateRecord(t *testing.T) {
	r := run(t, "", "generate", "-n", "3", "--seed", "7", "--size", "4", "--json")
	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 3)
	var rec struct {
		Schema int    `json:"schema"`
		Source string `json:"source"`
		Line   int    `json:"line"`
		Index  int    `json:"index"`
		Seed   uint64 `json:"seed,string"`
		Puzzle string `json:"puzzle"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[2]), &rec))
	assert.Equal(t, 1, rec.Schema)
	assert.Equal(t, "generate", rec.Source)
	assert.Equal(t, 3, rec.Line)
	assert.Equal(t, 2, rec.Index)
	assert.Equal(t, uint64(7), rec.Seed)
	assert.Contains(t, lines[2], `"seed":"7","puzzle_seed":"`)
	again := run(t, "", "generate", "-n", "1", "--size", "4", "--seed", "7", "--first", "2")
	require.Equal(t, exitOK, again.code, again.stderr)
	assert.Equal(t, rec.Puzzle+"\n", again.stdout)
}
