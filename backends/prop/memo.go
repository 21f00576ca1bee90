package prop

// A memo remembers work done at the nodes of the current search path, so
// that a propagation step need not be repeated below them. Each slot (a
// rule's value) holds the key the step last ran for (the
// places of the value) and the node it ran at. A node's removals hold in
// every node below it, since a search only narrows its parent's masks;
// they do not hold in a sibling's subtree, which starts again from the
// parent. So a record counts only while its node lies on the path: nodes
// take increasing serials, path[d] is the serial of the current path's
// node at depth d, and a record of depth d and serial s is on the path
// when path[d] == s. No record is copied when the search saves or
// restores a level.
type memo struct {
	off    bool // every step runs (for the test that compares)
	depth  int32
	serial uint64
	path   []uint64
	level  []int32 // per slot: the depth of its record, -1 for none
	ser    []uint64
	key    []uint64
}

// newMemo returns a memo of n slots for paths of up to depth nodes below
// the root (a search places a cell per level, so a table's cells bound
// it).
func newMemo(n, depth int) memo {
	return memo{path: make([]uint64, depth+1), level: make([]int32, n), ser: make([]uint64, n), key: make([]uint64, n)}
}

// reset forgets every record, for a new search.
func (m *memo) reset() {
	for i := range m.level {
		m.level[i] = -1
	}
	m.enter(0)
}

// enter starts a new node at depth d of the path, below the nodes at
// depths 0 to d-1.
func (m *memo) enter(d int) {
	m.serial++
	m.path[d] = m.serial
	m.depth = int32(d)
}

// done reports whether slot's step ran for key at a node of the current
// path; if not, it records the step as run at the current node, where the
// caller runs it now.
func (m *memo) done(slot int, key uint64) bool {
	if m.off {
		return false
	}
	if lv := m.level[slot]; lv >= 0 && lv <= m.depth && m.path[lv] == m.ser[slot] && m.key[slot] == key {
		return true
	}
	m.level[slot], m.ser[slot], m.key[slot] = m.depth, m.path[m.depth], key
	return false
}
