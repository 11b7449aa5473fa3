"""The lab's statistical tests and intervals, each a call into SciPy or statsmodels.

One convention throughout: a test is a :class:`Tested` (its raw p-value, the p-value
after the report's correction for multiple tests, and whether that one is below
:data:`ALPHA`).  A study's report makes many tests at once (every seat of every cell,
every option on every metric, every pair of bots), and at 0.05 each one in twenty
would be flagged by chance: so every test is first made with its raw p-value, then
:func:`correct` adjusts them all together by Holm's method, which keeps the chance of
even one false flag on the whole page below 0.05.  Holm rather than Benjamini-Hochberg
because a designer acts on each flag singly (changes a rule for it), so each one must
hold, not only most of them.

Intervals are 95%: Wilson's for a share (right near 0 and 1, where a normal one is not;
the score test below is the test it inverts, so a seat's interval and its test agree),
Welch's for a difference of means (the two sides may spread differently), and a
fixed-effect (inverse-variance) pool for one answer over several cells.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence

import numpy as np
from scipy import stats  # type: ignore[import-untyped]
from statsmodels.stats.meta_analysis import combine_effects  # type: ignore[import-untyped]
from statsmodels.stats.multitest import multipletests  # type: ignore[import-untyped]
from statsmodels.stats.proportion import (  # type: ignore[import-untyped]
    proportion_confint,
    proportions_ztest,
)
from typing_extensions import TypedDict

#: The normal quantile of a two-sided 95% interval.
Z95 = float(stats.norm.ppf(0.975))
#: A test is called significant when its corrected p-value is below this.
ALPHA = 0.05
#: The correction for multiple tests, as statsmodels names it, and in words for the page.
CORRECTION = "holm"
CORRECTION_WORDS = "Holm's step-down correction (family-wise error at 5%)"
#: Resamples of a bootstrap over whole games: enough that the interval's ends move by
#: less than a tenth of a point between seeds at a study's sizes.
BOOTSTRAP_RESAMPLES = 2000
#: The bootstrap's seed: the same rows always give the same summary.
BOOTSTRAP_SEED = 17


class Tested(TypedDict):
    """A test: its raw p-value, the p-value after :func:`correct`, and the verdict."""

    p: float
    adjusted_p: float
    significant: bool


def tested(p: float) -> Tested:
    """A test not yet corrected (its adjusted p-value is its own until :func:`correct`)."""
    p = min(1.0, max(0.0, float(p)))
    return {"p": p, "adjusted_p": p, "significant": False}


def correct(tests: Sequence[Tested]) -> int:
    """Adjust every test of a report together (:data:`CORRECTION`), in place: each one's
    ``adjusted_p`` and ``significant``.  The number of tests (the family's size)."""
    if not tests:
        return 0
    reject, adjusted, _, _ = multipletests([t["p"] for t in tests], alpha=ALPHA,
                                           method=CORRECTION)
    for test, flag, value in zip(tests, reject, adjusted, strict=True):
        test["adjusted_p"] = float(value)
        test["significant"] = bool(flag)
    return len(tests)


# -- shares ---------------------------------------------------------------------------------


def wilson(successes: float, trials: float) -> tuple[float, float]:
    """Wilson's 95% score interval for a share ``successes / trials`` (fractions allowed:
    a shared win is part of one); (0, 1) for no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    low, high = proportion_confint(successes, trials, alpha=1 - 0.95, method="wilson")
    share = successes / trials
    # Rounding may leave a bound a hair past the share itself (0 of 1,000 gave a low of
    # 2e-19), which the plots' error bars refuse: the interval always holds the share.
    return (max(0.0, min(share, float(low))), min(1.0, max(share, float(high))))


def share_test(successes: float, trials: float, fair: float) -> float:
    """The two-sided p-value of a share against ``fair`` by the score test (the variance
    at ``fair``: the test whose acceptance region is Wilson's interval)."""
    if trials <= 0 or not 0 < fair < 1:
        return 1.0
    _, p = proportions_ztest(successes, trials, value=fair, prop_var=fair)
    return 1.0 if math.isnan(p) else float(p)


class EqualShares(Tested):
    """A chi-square test that every seat wins an equal share."""

    chi2: float
    df: int


def equal_shares_test(wins: Sequence[float]) -> EqualShares | None:
    """Test observed wins per seat (fractions for shared wins) against equal shares;
    None for fewer than two seats or no wins."""
    if len(wins) < 2 or sum(wins) <= 0:
        return None
    found = stats.chisquare(np.asarray(wins, float))
    return {"chi2": float(found.statistic), "df": len(wins) - 1, **tested(found.pvalue)}


# -- differences and pools ------------------------------------------------------------------


class Means(TypedDict):
    """Two sides' means, their games, and ``value_mean - baseline_mean`` with its 95%
    interval: what every comparison of an option's two values reports."""

    baseline_mean: float
    value_mean: float
    baseline_games: int
    value_games: int
    difference: float
    low: float
    high: float


class Difference(Tested, Means):
    """Welch's comparison: :class:`Means`, its standard error, and its test."""

    se: float


def difference(baseline: Sequence[float], value: Sequence[float]) -> Difference | None:
    """Welch's comparison of two samples' means (None if either side is empty)."""
    if not baseline or not value:
        return None
    a, b = np.asarray(baseline, float), np.asarray(value, float)
    diff = float(b.mean() - a.mean())
    var_a = float(a.var(ddof=1)) if len(a) > 1 else 0.0
    var_b = float(b.var(ddof=1)) if len(b) > 1 else 0.0
    se = math.sqrt(var_a / len(a) + var_b / len(b))
    if se == 0 or len(a) < 2 or len(b) < 2:
        # No spread on either side (or a single game): the difference is all there is.
        low = high = diff
        p = float(diff == 0)
    else:
        found = stats.ttest_ind(b, a, equal_var=False)
        interval = found.confidence_interval(0.95)
        low, high, p = float(interval.low), float(interval.high), float(found.pvalue)
    return {"baseline_mean": float(a.mean()), "value_mean": float(b.mean()),
            "baseline_games": len(a), "value_games": len(b), "difference": diff,
            "low": low, "high": high, "se": se, **tested(p)}


class Pooled(Tested):
    """One estimate over several strata (cells, or player counts), each weighted by the
    inverse of its variance (a fixed-effect pool), with its 95% interval."""

    estimate: float
    low: float
    high: float
    se: float
    strata: int
    games: int


def pool(estimates: Sequence[float], variances: Sequence[float],
         games: Sequence[int]) -> Pooled | None:
    """The fixed-effect pool of ``estimates`` (statsmodels' ``combine_effects``), leaving
    out strata with no variance (nothing varied there, so they carry no weight of
    evidence); None when none is left."""
    kept = [(e, v, g) for e, v, g in zip(estimates, variances, games, strict=True)
            if v > 0 and math.isfinite(v) and math.isfinite(e)]
    if not kept:
        return None
    effect = np.asarray([k[0] for k in kept], float)
    variance = np.asarray([k[1] for k in kept], float)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        # One stratum leaves the heterogeneity figures undefined; they are not used.
        warnings.simplefilter("ignore", RuntimeWarning)
        found = combine_effects(effect, variance, use_t=False)
    estimate, se = float(found.mean_effect_fe), float(found.sd_eff_w_fe)
    p = 2 * float(stats.norm.sf(abs(estimate) / se))
    return {"estimate": estimate, "low": estimate - Z95 * se, "high": estimate + Z95 * se,
            "se": se, "strata": len(kept), "games": sum(k[2] for k in kept), **tested(p)}


# -- a ratio over whole games -----------------------------------------------------------------


class Resampled(TypedDict):
    """A share ``ahead / meetings`` summed over games, its interval and p-value against
    one half from a bootstrap over whole games."""

    share: float
    low: float
    high: float
    p: float


def _ratio(ahead: np.ndarray, meetings: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.asarray(ahead.sum(axis=axis) / meetings.sum(axis=axis))


def game_bootstrap(ahead: Sequence[float], meetings: Sequence[int]) -> Resampled:
    """``sum(ahead) / sum(meetings)`` where each game gives its own ``ahead`` and
    ``meetings``: resampled by whole games (the meetings of one game share its deal and
    its luck, so counting them as independent makes the interval too narrow).  Where
    every meeting went one way the bootstrap has nothing to resample: Wilson's interval
    over the games is given instead (a game is the independent unit)."""
    a = np.asarray(ahead, float)
    m = np.asarray(meetings, float)
    share = float(a.sum() / m.sum())
    per_game = a / m
    if len(a) < 2 or np.all(per_game == per_game[0]):
        low, high = wilson(share * len(a), len(a))
        p = share_test(share * len(a), len(a), 0.5) if share not in (0.0, 1.0) else float(
            stats.binomtest(round(share * len(a)), len(a)).pvalue)
        return {"share": share, "low": low, "high": high, "p": p}
    found = stats.bootstrap((a, m), _ratio, paired=True, vectorized=True,
                            n_resamples=BOOTSTRAP_RESAMPLES, method="percentile",
                            batch=200, rng=np.random.default_rng(BOOTSTRAP_SEED))
    se = float(found.standard_error)
    p = 2 * float(stats.norm.sf(abs(share - 0.5) / se)) if se > 0 else float(share == 0.5)
    low, high = float(found.confidence_interval.low), float(found.confidence_interval.high)
    return {"share": share, "low": min(low, share), "high": max(high, share), "p": p}
