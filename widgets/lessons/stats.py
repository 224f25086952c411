"""The mean of simulated figures and its 95 % confidence band, computed here and nowhere else."""
from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.96      # a normal approximation: the band holds the true mean about 95 times in 100


@dataclass(frozen=True)
class Estimate:
    """``n`` figures summed up: their mean, their standard deviation, and the 95 % band of the mean."""

    n: int
    mean: float
    sd: float

    @property
    def half(self) -> float:
        """Half the width of the band: 1.96 standard errors."""
        return Z95 * self.sd / math.sqrt(self.n) if self.n else float("nan")

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half


class RunningMean:
    """Adds figures one at a time (Welford's method), so a plot can show the mean as results arrive."""

    def __init__(self):
        self.n, self._mean, self._squares = 0, 0.0, 0.0

    def add(self, value) -> None:
        if value is None or value != value:          # an unfinished game has no figure
            return
        self.n += 1
        delta = float(value) - self._mean
        self._mean += delta / self.n
        self._squares += delta * (float(value) - self._mean)

    def extend(self, values) -> "RunningMean":
        for value in values:
            self.add(value)
        return self

    @property
    def mean(self) -> float:
        return self._mean if self.n else float("nan")

    def estimate(self) -> Estimate:
        sd = math.sqrt(self._squares / (self.n - 1)) if self.n > 1 else 0.0
        return Estimate(self.n, self.mean, sd)


def estimate(values) -> Estimate:
    """The mean of ``values`` (None and NaN left out) with its 95 % band."""
    return RunningMean().extend(values).estimate()


__all__ = ["Estimate", "RunningMean", "estimate", "Z95"]
