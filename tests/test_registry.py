"""Every study declared once (analyzer/studies/registry.py): each declaration resolves,
the command line makes one command of each with its declared options, and the report
runs those with a report section. Quick: nothing is played."""

import dataclasses

import typer

from analyzer.cli import app
from analyzer.studies.protocol import Option, Shared
from analyzer.studies.registry import STUDIES, report_studies

STEPS = ("check", "run", "write", "findings", "answer", "default_out")


def test_every_step_of_every_study_resolves():
    for study in STUDIES:
        for part in STEPS + ("timing", "report"):
            if getattr(study, part) is not None:
                assert callable(study.step(part)), (study.name, part)
        settings = study.step("settings")
        assert dataclasses.is_dataclass(settings), study.name
        assert settings.__dataclass_params__.frozen, f"{study.name}: settings must be frozen"
        names = study.option_names
        assert len(names) == len(set(names)), study.name
        assert study.summary and "\n" not in study.summary, study.name
        assert set(study.scenario_options) <= set(names), study.name


def test_each_study_is_a_command_with_its_declared_options():
    commands = typer.main.get_command(app).commands
    for study in STUDIES:
        command = commands[study.name]
        params = {p.name: p for p in command.params}
        assert list(params) == list(study.option_names), study.name
        for option in study.options:
            param = params[option.name]
            if isinstance(option, Option) and not option.argument:
                assert set(option.flags) <= set(param.opts), (study.name, option.name)
                if option.default is not ...:
                    assert param.default == option.default, (study.name, option.name)
            if isinstance(option, Shared) and option.help is not None:
                assert param.help == option.help, (study.name, option.name)


def test_a_declared_limit_is_refused_with_exit_code_2():
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["balance", "--rounds", "6", "--seat-games", "0"])
    assert result.exit_code == 2, result.output
    assert "--rounds" in result.output


def test_the_report_runs_the_studies_with_a_report_section_in_order():
    from analyzer.report.site import STUDY_KEYS

    assert tuple(s.name for s in report_studies()) == STUDY_KEYS
    assert STUDY_KEYS[0] == "bots" and "combos" in STUDY_KEYS and "teams" not in STUDY_KEYS


def test_a_study_left_out_of_the_command_list_still_gets_its_command():
    import pytest

    from analyzer.cli.studies import in_help_order

    studies = {"combos": None, "decline": None, "power-share": None}
    listed = (("simulate", print), "decline", "combos")
    assert in_help_order(listed, studies) == (*listed, "power-share")
    with pytest.raises(LookupError) as err:
        in_help_order((("simulate", print), "combo"), studies)
    said = str(err.value)
    assert said.startswith("analyzer/cli/__init__.py: COMMANDS names 'combo'")
    assert "did you mean 'combos'?" in said
