package sudokit_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/sudokit/sudokit"

// allowed lists, for every package of the module, the module packages and
// outside modules its non-test files may import. The standard library is
// always allowed. A package missing from this table fails the test: add it
// with the narrowest list that works, keeping the direction one-way
// (model ← backends; model ← export ← backends/outside; sudoku ← rules ←
// variants ← fpuzzles; sudoku ← fpdoc ← variants, fpuzzles; everything ←
// cmd).
var allowed = map[string][]string{
	"model":               {},
	"model/graph":         {"model"},
	"backends/dlx":        {"model"},
	"backends/sat":        {"model", "model/graph", "github.com/irifrance/gini"},
	"backends/crosscheck": {"model"},
	"backends/auto":       {"model", "backends/dlx", "backends/sat", "backends/prop"},
	"backends/backtrack":  {"model", "model/graph"},
	"backends/prop":       {"model", "model/graph"},
	"backends/anneal":     {"model"},
	"backends/outside":    {"model", "export/lp", "export/mzn", "backends/sat"},
	"export/lp":           {"model"},
	"export/mzn":          {"model"},
	"backends/solvertest": {"model", "rules", "sudoku"},
	"logic":               {"model", "model/graph"},
	"sudoku":              {},
	"canon":               {"sudoku"},
	"rules":               {"sudoku", "model"},
	"fpdoc":               {"sudoku"},
	"variants":            {"rules", "sudoku", "model", "fpdoc"},
	"fpuzzles":            {"rules", "sudoku", "variants", "fpdoc", "github.com/daku10/go-lz-string"},
	"sudokupad":           {"fpuzzles", "fpdoc", "sudoku", "github.com/daku10/go-lz-string"},
	"internal/report":     {"gonum.org/v1/plot"},
	"forum":               {"rules", "sudoku", "variants"},
	"puzzle":              {"fpuzzles", "sudokupad", "forum", "variants", "rules", "sudoku", "model", "logic"},
	"generate":            {"model", "model/graph", "logic", "rules", "sudoku", "variants", "fpuzzles"},
	"setter":              {"model", "rules", "sudoku", "variants"},
	"request":             {"model", "puzzle", "logic", "rules", "setter", "sudoku", "variants", "backends/prop", "generate", "fpuzzles"},
	"queue": {"request", "puzzle", "model", "variants", "backends/dlx", "backends/sat", "backends/prop", "backends/auto",
		"backends/backtrack", "backends/anneal", natsServer, natsClient},
	"cmd/sudokit-queue": {"queue", "request", "puzzle", natsClient, natsServer, "github.com/spf13/cobra",
		"github.com/schollz/progressbar/v3", "golang.org/x/term"},
	"server":           {"model", "puzzle", "request", "sudoku", "rules", "variants", "fpuzzles", "generate", "logic", "setter"},
	"cmd/sudokit":      {"*"},
	"cmd/sudokit-plot": {"internal/report"},
	"internal/fixture": {"sudoku", "model", "github.com/stretchr/testify"},
}

// The NATS server and client: only the queue and its command use them.
const (
	natsServer = "github.com/nats-io/nats-server/v2"
	natsClient = "github.com/nats-io/nats.go"
)

// denied lists imports a package may not have, in tests or not, even where
// allowed says "*": the sudokit command stays off the plotting stack (gonum
// plot, its fonts and image libraries), which only cmd/sudokit-plot builds,
// and off NATS (the queue and its server), which only cmd/sudokit-queue
// builds, so that a first "go run ./cmd/sudokit" compiles neither.
var denied = map[string][]string{
	"cmd/sudokit": {"internal/report", "gonum.org/v1/plot", "queue", natsServer, natsClient},
}

// testAllowed lists what test files may import beyond allowed: tests use
// fixtures (sudoku grids), the backends they check against and canon (to
// tell puzzles equal up to symmetry).
var testAllowed = []string{"internal/fixture", "model", "sudoku", "rules", "variants", "puzzle", "canon", "backends/dlx", "backends/sat", "backends/crosscheck", "backends/backtrack", "backends/prop", "backends/auto", "backends/solvertest", "logic", "fpuzzles", "github.com/stretchr/testify", "github.com/chromedp/chromedp", "github.com/chromedp/cdproto/input", "github.com/chromedp/cdproto/runtime"}

// giniOnly: no package but backends/sat may import gini, in tests or not.
const gini = "github.com/irifrance/gini"

func TestImportRules(t *testing.T) {
	pkgs := map[string]map[string]bool{} // dir -> import -> from a test file
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if pkgs[dir] == nil {
			pkgs[dir] = map[string]bool{}
		}
		isTest := strings.HasSuffix(path, "_test.go")
		for _, spec := range f.Imports {
			imp, _ := strconv.Unquote(spec.Path.Value)
			if prev, ok := pkgs[dir][imp]; !ok || prev {
				pkgs[dir][imp] = isTest
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, pkgs, "model", "walk found the model package")

	dirs := make([]string, 0, len(pkgs))
	for d := range pkgs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		if dir == "." {
			continue
		}
		rules, ok := allowed[dir]
		if !ok {
			t.Errorf("package %s is not in deps_test.go's table: add it with its allowed imports", dir)
			continue
		}
		for imp, fromTest := range pkgs[dir] {
			if strings.HasPrefix(imp, gini) && dir != "backends/sat" {
				t.Errorf("%s imports %s: only backends/sat may import gini", dir, imp)
				continue
			}
			if permitted(denied[dir], imp) {
				t.Errorf("%s imports %s, which deps_test.go denies it", dir, imp)
				continue
			}
			self := module + "/" + dir
			if isStd(imp) || permitted(rules, imp) || (fromTest && (imp == self || permitted(testAllowed, imp))) {
				continue
			}
			t.Errorf("%s imports %s, which deps_test.go forbids", dir, imp)
		}
	}
}

func TestPermitted(t *testing.T) {
	assert.True(t, permitted([]string{"model"}, module+"/model"))
	assert.False(t, permitted([]string{"model"}, module+"/sudoku"))
	assert.False(t, permitted([]string{"model"}, module+"/modelx"))
	assert.True(t, permitted([]string{gini}, gini+"/z"))
	assert.False(t, permitted(nil, "github.com/spf13/cobra"))
	assert.True(t, isStd("go/parser"))
	assert.False(t, isStd(gini))
	assert.True(t, permitted(denied["cmd/sudokit"], "gonum.org/v1/plot/vg"), "no part of gonum plot in sudokit")
	assert.True(t, permitted(denied["cmd/sudokit"], module+"/internal/report"))
	assert.True(t, permitted(denied["cmd/sudokit"], natsServer+"/server"), "no NATS in sudokit")
	assert.True(t, permitted(denied["cmd/sudokit"], module+"/queue"))
}

func permitted(rules []string, imp string) bool {
	for _, r := range rules {
		switch {
		case r == "*":
			return true
		case !strings.Contains(r, "."): // a package of the module: that one only
			if imp == module+"/"+r {
				return true
			}
		case imp == r || strings.HasPrefix(imp, r+"/"): // an outside module and its packages
			return true
		}
	}
	return false
}

func isStd(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".")
}
