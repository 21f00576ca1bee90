package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeCommands runs the sudokit commands of README.md's console
// examples from the repository root and compares their output with the
// README's, so the examples a newcomer pastes keep working. Commands with
// pipes or redirections are skipped, as is bench (it writes files and takes
// long); output that holds timings is not compared, only checked to come
// without a usage error or a limit.
func TestReadmeCommands(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	if _, err := os.Stat(filepath.Join(root, "..", "shared", "data")); err != nil {
		t.Skip("../shared/data is absent; README examples use it")
	}
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(root))
	defer os.Chdir(wd)

	ran := 0
	for _, ex := range readmeExamples(string(data)) {
		args, ok := shellWords(strings.TrimPrefix(ex.command, "sudokit "))
		if !ok || args[0] == "bench" {
			continue // needs a shell (pipes, redirections), or writes files and takes long
		}
		t.Run(ex.command, func(t *testing.T) {
			r := run(t, "", args...)
			require.NotEqual(t, exitUsage, r.code, "the example must be valid: %s", r.stderr)
			require.NotEqual(t, exitLimit, r.code, r.stderr)
			if ex.output != "" && !timed(args) {
				assert.Equal(t, ex.output, r.stdout)
			}
		})
		ran++
	}
	assert.GreaterOrEqual(t, ran, 10, "the README's examples were found")
}

type example struct{ command, output string }

// readmeExamples returns each "$ sudokit ..." line of the console blocks
// with the output lines that follow it.
func readmeExamples(readme string) []example {
	var out []example
	inConsole := false
	var cur *example
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for _, line := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(line, "```console"):
			inConsole = true
		case strings.HasPrefix(line, "```"):
			flush()
			inConsole = false
		case !inConsole:
		case strings.HasPrefix(line, "$ "):
			flush()
			if cmd := strings.TrimPrefix(line, "$ "); strings.HasPrefix(cmd, "sudokit ") {
				if i := strings.Index(cmd, "   #"); i >= 0 {
					cmd = strings.TrimSpace(cmd[:i])
				}
				cur = &example{command: cmd}
			}
		case cur != nil:
			cur.output += line + "\n"
		}
	}
	flush()
	for i := range out {
		out[i].output = strings.TrimRight(out[i].output, "\n")
		if out[i].output != "" {
			out[i].output += "\n"
		}
	}
	return out
}

// shellWords splits a command line on spaces, honouring single quotes; it
// reports false for lines that need a shell.
func shellWords(line string) ([]string, bool) {
	if strings.ContainsAny(line, "|<>$`\"") {
		return nil, false
	}
	var words []string
	for len(line) > 0 {
		line = strings.TrimLeft(line, " ")
		if line == "" {
			break
		}
		if line[0] == '\'' {
			end := strings.IndexByte(line[1:], '\'')
			if end < 0 {
				return nil, false
			}
			words = append(words, line[1:end+1])
			line = line[end+2:]
			continue
		}
		end := strings.IndexByte(line, ' ')
		if end < 0 {
			end = len(line)
		}
		words = append(words, line[:end])
		line = line[end:]
	}
	return words, true
}

// timed reports commands whose output holds timings.
func timed(args []string) bool {
	for _, a := range args {
		if a == "compare" || a == "bench" || a == "--json" {
			return true
		}
	}
	return false
}
