package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// needsShared is the comment that marks a README console example needing
// the large puzzle sets in ../shared/data, which a clone does not have.
const needsShared = "# needs ../shared/data"

// TestReadmeCommands runs every command of README.md's console examples
// through sh, in order, as a user who has just cloned the repository would:
// from a working directory holding only the repository's testdata, with
// freshly built sudokit and sudokit-plot first on PATH and no ../shared
// beside it (the real one is linked in when it exists, for the examples
// marked as needing it). Output that README shows is compared, except
// output that holds timings; a command's exit code must be the one its
// comment announces ("# exit 3"), else 0 or 1 for sudokit's commands (no
// usage error, no limit) and no "not found" for other programs. Commands
// of programs that are not installed (minisat) are skipped.
func TestReadmeCommands(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run README's commands")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	examples := readmeExamples(string(data))
	require.GreaterOrEqual(t, len(examples), 15, "the README's examples were found")

	bin := buildCommands(t, "./cmd/sudokit", "./cmd/sudokit-plot")
	// base/sudokit plays the clone; base/shared exists only if ../shared does.
	base := t.TempDir()
	work := filepath.Join(base, "sudokit")
	require.NoError(t, os.Mkdir(work, 0o755))
	require.NoError(t, os.Symlink(filepath.Join(root, "testdata"), filepath.Join(work, "testdata")))
	shared := filepath.Join(root, "..", "shared")
	haveShared := false
	if _, err := os.Stat(filepath.Join(shared, "data")); err == nil {
		require.NoError(t, os.Symlink(shared, filepath.Join(base, "shared")))
		haveShared = true
	}
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_PROGRESS=1")

	for _, ex := range examples {
		t.Run(ex.command, func(t *testing.T) {
			words := strings.Fields(ex.command)
			switch {
			case strings.Contains(ex.command, needsShared) && !haveShared:
				t.Skip("needs ../shared/data, which is absent")
			case testing.Short() && strings.Contains(ex.command, needsShared):
				t.Skip("runs on the large sets; skipped with -short")
			}
			if _, err := os.Stat(filepath.Join(bin, words[0])); err != nil {
				if _, err := exec.LookPath(words[0]); err != nil {
					t.Skipf("%s is not installed", words[0])
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, sh, "-c", ex.command)
			cmd.Dir, cmd.Env = work, env
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else {
				require.NoError(t, err)
			}
			switch want, announced := announcedExit(ex.command); {
			case announced:
				assert.Equal(t, want, code, "the exit code README announces; stderr: %s", stderr.String())
			case strings.HasPrefix(words[0], "sudokit") || strings.Contains(ex.command, "| sudokit "):
				assert.Contains(t, []int{0, exitNegative}, code, "stderr: %s", stderr.String())
			default:
				assert.True(t, code < 126, "exit %d: %s", code, stderr.String())
			}
			if ex.output != "" && !timed(words) {
				assert.Equal(t, ex.output, stdout.String())
			}
		})
	}
}

// TestReadmeSharedDataMarked fails when a README console example reads
// ../shared without saying that it needs it: a user's clone has no
// ../shared, so such an example must be marked.
func TestReadmeSharedDataMarked(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	assert.Empty(t, unmarkedShared(string(data)), "README examples that read ../shared without the %q comment", needsShared)

	snippet := "```console\n$ sudokit count ../shared/data/x\n1\n$ sudokit count ../shared/data/x   " + needsShared + "\n1\n```\n"
	assert.Equal(t, []string{"sudokit count ../shared/data/x"}, unmarkedShared(snippet))
}

// unmarkedShared returns the console examples of readme that read
// ../shared without the needsShared comment.
func unmarkedShared(readme string) []string {
	var out []string
	for _, ex := range readmeExamples(readme) {
		if strings.Contains(ex.command, "../shared") && !strings.Contains(ex.command, needsShared) {
			out = append(out, ex.command)
		}
	}
	return out
}

// buildCommands builds the module's commands pkgs (such as
// "./cmd/sudokit") into a temporary directory and returns it.
func buildCommands(t *testing.T, pkgs ...string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the commands")
	}
	dir := t.TempDir()
	cmd := exec.Command(goTool, append([]string{"build", "-o", dir + string(os.PathSeparator)}, pkgs...)...)
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return dir
}

type example struct{ command, output string }

// readmeExamples returns each "$ " line of the console blocks, without the
// "$ ", with the output lines that follow it.
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
			cur = &example{command: strings.TrimPrefix(line, "$ ")}
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

var exitComment = regexp.MustCompile(`#.*\bexit (\d+)`)

// announcedExit returns the exit code a command's comment announces.
func announcedExit(command string) (int, bool) {
	m := exitComment.FindStringSubmatch(command)
	if m == nil {
		return 0, false
	}
	code, err := strconv.Atoi(m[1])
	return code, err == nil
}

// timed reports commands whose output holds timings or depends on speed.
func timed(words []string) bool {
	return slices.Contains(words, "compare") || slices.Contains(words, "bench") || slices.Contains(words, "--json") || slices.Contains(words, "--timeout")
}

// TestReadmeUpdateCommand: every package README's golden-file command
// passes -update to defines that flag in its tests, so the command runs
// ("flag provided but not defined" otherwise), and every package that
// defines it is named.
func TestReadmeUpdateCommand(t *testing.T) {
	root := filepath.Join("..", "..")
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	cmd := regexp.MustCompile("`go test ([^`]*) -update`").FindStringSubmatch(string(data))
	require.NotNil(t, cmd, "README gives the command that rewrites the golden files")
	named := strings.Fields(cmd[1])
	var defining []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(src), "flag.Bool("+strconv.Quote("update")) { // not the text itself, which this file holds
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			defining = append(defining, "./"+filepath.ToSlash(rel))
		}
		return nil
	})
	require.NoError(t, err)
	slices.Sort(named)
	slices.Sort(defining)
	assert.Equal(t, slices.Compact(defining), named, "README's -update command names exactly the packages that define -update")
}
