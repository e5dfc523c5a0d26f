"""The bots' value tables are keyed by name and checked complete: the arrays the
engine reads stay what they were, and a race added without a value is refused."""

from __future__ import annotations

import runpy

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.model.named import by_id
from analyzer.rulesets.classic import ids as classic_ids
from analyzer.rulesets.classic import values as classic_values
from analyzer.rulesets.swow import ids as swow_ids
from analyzer.rulesets.swow import values as swow_values

# The positional arrays as they were written before they were keyed by name: the
# games (and tests/golden) depend on every entry.
BEFORE = {
    (swow_values, "RACE_VALUE"): [1.0, 1.0, 1.0, 1.0, 2.0, 1.5, 1.5, 1.5,
                                  1.0, 1.0, 1.5, 1.0, 1.5, -4.0, 1.5, 1.5, 0.0],
    (swow_values, "POWER_VALUE"): [0.5, 1.5, 1.5, 2.0, 2.0, 1.0, 1.0, 1.5, 1.5, 1.5,
                                   1.0, 1.5, 1.5, 0.5, 1.5, 1.5, 0.5, 1.5, 1.0, 1.5],
    (swow_values, "MARKER_VALUE"): [1.0, 1.0, 1.0, 1.5, 1.0, 0.5, 0.0, 1.0, 1.0, 0.5, 1.0, 0.0],
    (classic_values, "RACE_VALUE"): [2.0, 1.0, 1.5, 1.0, 1.5, 1.5, 1.0, 1.5, 0.0,
                                     2.0, 2.0, 1.0, 1.5, 1.5, 0.0],
    (classic_values, "POWER_VALUE"): [2.5, 1.5, 1.5, 2.0, 1.5, 2.0, 2.0, 1.0, 1.5, 1.5,
                                      1.0, 1.5, 1.5, 2.0, 0.5, 0.0, 1.5, 1.0, 1.0, 2.0],
}  # fmt: skip


@pytest.mark.parametrize(("module", "name"), list(BEFORE), ids=lambda v: getattr(v, "__name__", v))
def test_compiled_arrays_equal_the_positional_ones(module, name):
    got = getattr(module, name)
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, np.array(BEFORE[module, name]))


@pytest.mark.parametrize(
    ("module", "ids_module"), [(swow_values, swow_ids), (classic_values, classic_ids)]
)
def test_a_race_added_to_the_content_without_a_value_is_refused(monkeypatch, module, ids_module):
    races = list(ids_module.RACES)
    races.insert(3, "murloc_kings")  # in the middle: every later race would shift
    monkeypatch.setattr(ids_module, "RACES", tuple(races))
    with pytest.raises(InputError) as err:
        runpy.run_path(module.__file__)
    text = str(err.value)
    assert "values.py" in text and "RACE_VALUE['murloc_kings']" in text and "missing" in text


def test_a_typo_names_the_file_the_key_and_the_closest_name():
    with pytest.raises(InputError) as err:
        by_id({"orcs": 1.0, "elfs": 2.0}, ("orcs", "elves"), "content/values.py", "RACE_VALUE")
    text = str(err.value)
    assert "content/values.py: RACE_VALUE['elfs'] = 'elfs': unknown name" in text
    assert "Valid choices: orcs, elves" in text and "Did you mean 'elves'?" in text
    assert "RACE_VALUE['elves'] = None: missing" in text


def test_complete_values_come_back_in_id_order():
    got = by_id({"b": 2, "a": 1, "c": 3}, ("a", "b", "c"), "x.py", "V")
    np.testing.assert_array_equal(got, [1.0, 2.0, 3.0])
