"""Seed 004's Python ECC experiments, run across Python ECC libraries (`cryptobench run ecc`).

Reference arithmetic of our own (affine and Jacobian), one adapter per library, the timed
experiments, their statistics, and the run document, CSV and LaTeX outputs.
"""
