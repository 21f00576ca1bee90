package logic

import "github.com/sudokit/sudokit/model"

// ForcingSteps follows m's path with the techniques and, at every position
// where nishio takes the next step, asks the region and the cell forcing
// chains too: it returns the steps they find there.
func ForcingSteps(m *model.Model) (region, cell []Step, err error) {
	s, err := start(m)
	if err != nil {
		return nil, nil, err
	}
	for s.left > 0 && s.broken() == "" {
		st, ok := next(s)
		if !ok {
			break
		}
		if st.Technique == Nishio {
			if r, ok := regionForcing(s); ok {
				region = append(region, r)
			}
			if c, ok := cellForcing(s); ok {
				cell = append(cell, c)
			}
		}
		s.apply(&st)
	}
	return region, cell, nil
}
func RateSteps(steps []Step) Rating { return rate(steps) }
