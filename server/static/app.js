/api/solve
