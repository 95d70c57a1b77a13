"""Benchmark workers run as scripts (`python bench/workers/<name>.py`) with PYTHONPATH set to a
tree of the project: this one, or the commit the issue-17 figures are compared with (see
bench/baseline.py). They import only the project's layers and print JSON."""
