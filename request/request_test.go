package request_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
)

const (
	hard     = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	easy     = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	multiple = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9........."
	none     = "11..............................................................................."
)

// item reads one puzzle as the CLI reads an argument.
func item(t *testing.T, text string) puzzle.Item {
	t.Helper()
	items, err := (&puzzle.Reader{}).ReadString(text, "arg 1")
	require.NoError(t, err)
	require.Len(t, items, 1)
	return items[0]
}

// validSolution checks a solution line by the rules of sudoku, written
// here from the definition, and that it keeps the givens.
func validSolution(t *testing.T, puzzle, line string) {
	t.Helper()
	require.Len(t, line, 81)
	for i := range 81 {
		if puzzle[i] != '.' {
			assert.Equal(t, puzzle[i], line[i], "given at %d kept", i)
		}
	}
	for u := range 9 {
		row, col, box := map[byte]bool{}, map[byte]bool{}, map[byte]bool{}
		for k := range 9 {
			row[line[u*9+k]] = true
			col[line[k*9+u]] = true
			box[line[(u/3*3+k/3)*9+u%3*3+k%3]] = true
		}
		assert.Len(t, row, 9)
		assert.Len(t, col, 9)
		assert.Len(t, box, 9)
	}
}

func run(t *testing.T, o request.Options, s model.Solver, text string) request.Answer {
	t.Helper()
	r, err := request.New(o, s)
	require.NoError(t, err)
	return r.Do(context.Background(), item(t, text))
}

func TestSolve(t *testing.T) {
	a := run(t, request.Options{Op: request.Solve, Backend: "dlx"}, dlx.New(), hard)
	validSolution(t, hard, strings.TrimSuffix(string(a.Text), "\n"))
	assert.False(t, a.Negative || a.Limited)
	a = run(t, request.Options{Op: request.Solve, Backend: "dlx"}, dlx.New(), none)
	assert.Equal(t, "none\n", string(a.Text))
	assert.True(t, a.Negative)
	a = run(t, request.Options{Op: request.Solve, Backend: "dlx", Format: request.Grid}, dlx.New(), hard)
	assert.Equal(t, 11, strings.Count(string(a.Text), "\n"), "nine rows and two box separators")
}

func TestCountAndVerify(t *testing.T) {
	for _, tc := range []struct {
		o        request.Options
		puzzle   string
		text     string
		negative bool
	}{
		{request.Options{Op: request.Count, Limit: 2}, easy, "1\n", false},
		{request.Options{Op: request.Count, Limit: 2}, multiple, ">=2\n", false},
		{request.Options{Op: request.Count, Limit: 2}, none, "0\n", true},
		{request.Options{Op: request.Verify}, easy, "unique\n", false},
		{request.Options{Op: request.Verify}, none, "none\n", true},
	} {
		tc.o.Backend = "dlx"
		a := run(t, tc.o, dlx.New(), tc.puzzle)
		assert.Equal(t, tc.text, string(a.Text), "%+v %s", tc.o, tc.puzzle)
		assert.Equal(t, tc.negative, a.Negative, "%+v %s", tc.o, tc.puzzle)
	}
	a := run(t, request.Options{Op: request.Verify, Backend: "dlx"}, dlx.New(), multiple)
	assert.True(t, strings.HasPrefix(string(a.Text), "multiple (solutions differ at r"), string(a.Text))
	assert.True(t, a.Negative)
	a = run(t, request.Options{Op: request.Verify, Backend: "dlx", Minimal: true}, dlx.New(), easy)
	assert.Contains(t, string(a.Text), "unique (")
}

func TestJSONRecords(t *testing.T) {
	a := run(t, request.Options{Op: request.Verify, Backend: "dlx", Format: request.JSON}, dlx.New(), easy)
	var rec puzzle.Record
	require.NoError(t, json.Unmarshal(a.Text, &rec))
	assert.Equal(t, "unique", rec.Status)
	assert.Equal(t, "dlx", rec.Backend)
	assert.Equal(t, "arg 1", rec.Source)
	require.Len(t, rec.Solutions, 1)
	validSolution(t, easy, rec.Solutions[0])
	assert.True(t, strings.HasSuffix(string(a.Text), "}\n"), "one line per record")

	a = run(t, request.Options{Op: request.Grade, Backend: "prop", Format: request.JSON}, prop.New(), easy)
	var lr puzzle.LogicRecord
	require.NoError(t, json.Unmarshal(a.Text, &lr))
	assert.NotEmpty(t, lr.Level)
	assert.Equal(t, "unique", lr.Status)
	a = run(t, request.Options{Op: request.Hint, Backend: "ignored", Format: request.JSON}, nil, easy)
	var hint map[string]any
	require.NoError(t, json.Unmarshal(a.Text, &hint))
	assert.Contains(t, hint, "step")
	assert.NotContains(t, hint, "backend", "hint runs no backend")
}

func TestLogic(t *testing.T) {
	a := run(t, request.Options{Op: request.Grade, Backend: "prop"}, prop.New(), easy)
	assert.Regexp(t, `^(simple|easy|intermediate)\n$`, string(a.Text))
	a = run(t, request.Options{Op: request.Explain, Backend: "prop"}, prop.New(), easy)
	assert.True(t, strings.HasPrefix(string(a.Text), "1. "), string(a.Text))
	assert.Regexp(t, `\ngrade: [a-z]+, score \d+, ER [\d.]+, EP [\d.]+, ED [\d.]+\n\n$`, string(a.Text))
	a = run(t, request.Options{Op: request.Grade, Backend: "prop"}, prop.New(), multiple)
	assert.Equal(t, "multiple\n", string(a.Text))
	assert.True(t, a.Negative)
	a = run(t, request.Options{Op: request.Hint}, nil, easy)
	assert.NotContains(t, []string{"solved\n", "stuck\n", "none\n"}, string(a.Text))
}

func TestFailedAndStopped(t *testing.T) {
	r, err := request.New(request.Options{Op: request.Solve, Backend: "dlx"}, dlx.New())
	require.NoError(t, err)
	bad, err := (&puzzle.Reader{}).ReadString("not a puzzle", "f.txt")
	require.NoError(t, err)
	a := r.Do(context.Background(), bad[0])
	assert.Equal(t, "error\n", string(a.Text))
	assert.True(t, strings.HasPrefix(a.Error, "f.txt:1: "), a.Error)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a = r.Do(ctx, item(t, hard))
	assert.Equal(t, "unknown\n", string(a.Text))
	assert.True(t, a.Limited)
	for _, op := range []string{request.Grade, request.Explain} {
		r, err := request.New(request.Options{Op: op, Backend: "dlx", Timeout: time.Nanosecond}, dlx.New())
		require.NoError(t, err)
		a = r.Do(context.Background(), item(t, hard))
		assert.Equal(t, "unknown\n", string(a.Text), op)
		assert.True(t, a.Limited, op)
	}
}

func TestNewRefuses(t *testing.T) {
	for _, tc := range []struct {
		o    request.Options
		s    model.Solver
		want string
	}{
		{request.Options{Op: "fly"}, dlx.New(), "unknown operation"},
		{request.Options{Op: request.Solve, Format: "xml"}, dlx.New(), "unknown format"},
		{request.Options{Op: request.Count, Limit: -1}, dlx.New(), "must not be negative"},
		{request.Options{Op: request.Solve}, nil, "needs a backend"},
		{request.Options{Op: request.Grade, Techniques: "none"}, dlx.New(), "leaves no technique"},
		{request.Options{Op: request.Solve, Variants: "nosuch"}, dlx.New(), "nosuch"},
	} {
		_, err := request.New(tc.o, tc.s)
		assert.ErrorContains(t, err, tc.want, "%+v", tc.o)
	}
}

func TestOutFormat(t *testing.T) {
	assert.Equal(t, request.Line, request.OutFormat("", item(t, easy)))
	assert.Equal(t, request.JSON, request.OutFormat(request.JSON, item(t, easy)))
	block := item(t, strings.Join([]string{easy[:9], easy[9:18], easy[18:27], easy[27:36], easy[36:45], easy[45:54], easy[54:63], easy[63:72], easy[72:]}, "\n"))
	assert.Equal(t, request.Grid, request.OutFormat("", block))
}

// A runner answers one puzzle as "sudokit verify" prints it.
func ExampleRunner_Do() {
	r, err := request.New(request.Options{Op: request.Verify, Backend: "dlx"}, dlx.New())
	if err != nil {
		panic(err)
	}
	items, _ := (&puzzle.Reader{}).ReadString(easy, "arg 1")
	a := r.Do(context.Background(), items[0])
	fmt.Print(string(a.Text))
	// Output: unique
}
