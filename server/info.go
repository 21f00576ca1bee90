package server

import (
	"net/http"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// infoAnswer is the answer of GET /api/info: the backends, grid shapes,
// generator settings and bounds the server offers.
type infoAnswer struct {
	Backends   []backendInfo `json:"backends"`
	Default    string        `json:"default"`
	Shapes     []shapeInfo   `json:"shapes"`
	Symmetries []string      `json:"symmetries"`
	Levels     []string      `json:"levels"`
	// Techniques are those hint and explain may use, in the order they
	// try them: what their "techniques" member names.
	Techniques []techniqueInfo `json:"techniques"`
	Limits     limitsInfo      `json:"limits"`
}

// techniqueInfo is a technique as sudokit techniques lists it: its name,
// the level a puzzle needing it gets, its rating on Sudoku Explainer's
// scale, and whether paths use it by default (the uniqueness techniques
// only with "assume_unique").
type techniqueInfo struct {
	Name    string  `json:"name"`
	Level   string  `json:"level"`
	Rating  float64 `json:"rating"`
	Default bool    `json:"default"`
}

type backendInfo struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Compare bool   `json:"compare,omitempty"`
}

// shapeInfo is a grid side with its usual boxes and the symbols a line
// writes its values with.
type shapeInfo struct {
	Side     int    `json:"side"`
	BoxRows  int    `json:"box_rows"`
	BoxCols  int    `json:"box_cols"`
	Alphabet string `json:"alphabet"`
	Symbols  string `json:"symbols"`
}

type limitsInfo struct {
	TimeoutMS   int64 `json:"timeout_ms"`
	MaxJobs     int   `json:"max_jobs"`
	Nodes       int64 `json:"nodes,omitempty"`
	MaxBody     int64 `json:"max_body"`
	MaxSide     int   `json:"max_side"`
	MaxMembers  int   `json:"max_members"`
	MaxCount    int   `json:"max_count"`
	MaxGenerate int   `json:"max_generate"`
	MaxEvents   int   `json:"max_events"`
}

// info answers GET /api/info.
func (s *Server) info(w http.ResponseWriter, _ *http.Request) {
	a := infoAnswer{Default: s.cfg.Default, Limits: limitsInfo{TimeoutMS: s.cfg.Timeout.Milliseconds(), MaxJobs: s.cfg.MaxJobs,
		Nodes: s.cfg.Nodes, MaxBody: s.cfg.MaxBody, MaxSide: s.cfg.MaxSide, MaxMembers: s.cfg.MaxMembers, MaxCount: s.cfg.MaxCount,
		MaxGenerate: s.cfg.MaxGenerate, MaxEvents: s.cfg.MaxEvents}}
	for _, b := range s.cfg.Backends {
		a.Backends = append(a.Backends, backendInfo{b.Name, b.Summary, b.Compare})
	}
	for n := 4; n <= s.cfg.MaxSide; n++ {
		if sh, err := sudoku.ShapeOf(n); err == nil {
			al := sudoku.DefaultAlphabet(n)
			a.Shapes = append(a.Shapes, shapeInfo{n, sh.BoxRows, sh.BoxCols, al.String(), symbols(al, n)})
		}
	}
	for sym := generate.None; sym <= generate.Random; sym++ {
		a.Symmetries = append(a.Symmetries, sym.String())
	}
	for _, l := range logic.Levels() {
		if l == logic.Search {
			continue // generate refuses it: nothing drawn gets past the forcing chains
		}
		a.Levels = append(a.Levels, l.String())
	}
	def := defaultTechniques()
	for _, t := range logic.Techniques() {
		if t != logic.Guess {
			a.Techniques = append(a.Techniques, techniqueInfo{t.String(), t.Level().String(), t.Difficulty(), def.Has(t)})
		}
	}
	writeJSON(w, http.StatusOK, a)
}

// variantsAnswer is the answer of GET /api/variants: the rule sets a
// request names in "variants", and those puzzles carry in links.
type variantsAnswer struct {
	Variants []variantInfo `json:"variants"`
	Carried  []variantInfo `json:"carried"`
}

type variantInfo struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	Summary string   `json:"summary"`
}

// variants answers GET /api/variants, as the CLI's variants command lists
// them.
func (s *Server) variants(w http.ResponseWriter, _ *http.Request) {
	var a variantsAnswer
	for _, e := range variants.Entries() {
		a.Variants = append(a.Variants, variantInfo{e.Name, e.Aliases, e.Summary})
	}
	for _, f := range variants.Families() {
		if f.Codec != nil && !f.Named() {
			a.Carried = append(a.Carried, variantInfo{Name: f.Name, Summary: f.Summary})
		}
	}
	writeJSON(w, http.StatusOK, a)
}
