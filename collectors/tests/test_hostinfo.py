from collect_support import FIXTURES

from cryptobench_collect.hostinfo import HostFacts, collect_host_info, machine_from_facts


def facts(**fields):
    base = {"hostname": "h1", "arch": "x86_64", "system": "Linux", "release": "6.1.0", "cores": 2}
    base.update(fields)
    return HostFacts(**base)


def test_x86_vm_cpuinfo_gives_model_and_measured_clock():
    cpuinfo = (FIXTURES / "cpuinfo_amd_epyc_vm.txt").read_text()
    machine = machine_from_facts(
        facts(cpuinfo=cpuinfo, os_pretty_name="Debian GNU/Linux 12 (bookworm)")
    )
    assert machine.cpu_model == "AMD EPYC"
    assert machine.clock_hz == 2445434000
    assert machine.extra == {
        "clock_source": "measured",
        "distribution": "Debian GNU/Linux 12 (bookworm)",
    }
    assert (machine.os, machine.board, machine.cores) == ("Linux 6.1.0", None, 2)


def test_cpufreq_maximum_wins_and_is_nominal():
    cpuinfo = "model name\t: Intel(R) Core(TM) i5-5300U CPU @ 2.30GHz\ncpu MHz\t\t: 798.123\n"
    machine = machine_from_facts(facts(cpuinfo=cpuinfo, max_freq_khz="2900000"))
    assert (machine.clock_hz, machine.extra["clock_source"]) == (2.9e9, "nominal")
    machine = machine_from_facts(facts(cpuinfo=cpuinfo))
    assert (machine.clock_hz, machine.extra["clock_source"]) == (2.3e9, "nominal")


def test_beaglebone_board_and_arm_part():
    cpuinfo = (FIXTURES / "cpuinfo_beaglebone_am335x.txt").read_text()
    machine = machine_from_facts(
        facts(
            arch="armv7l",
            cores=1,
            cpuinfo=cpuinfo,
            max_freq_khz="1000000",
            device_tree_model="TI AM335x BeagleBone Black\x00",
        ),
        name="bbb-01",
    )
    assert machine.cpu_model == "ARM Cortex-A8 (Generic AM33XX (Flattened Device Tree))"
    assert (machine.name, machine.board, machine.clock_hz) == (
        "bbb-01",
        "TI AM335x BeagleBone Black",
        1e9,
    )
    assert machine.extra == {"clock_source": "nominal"}


def test_old_arm_kernel_without_model_name_or_cpufreq():
    cpuinfo = (FIXTURES / "cpuinfo_am335xevm_old_kernel.txt").read_text()
    machine = machine_from_facts(facts(arch="armv7l", cores=1, cpuinfo=cpuinfo))
    assert (machine.cpu_model, machine.clock_hz, machine.board) == (
        "ARM Cortex-A8 (am335xevm)",
        None,
        None,
    )


def test_no_clock_when_nothing_says_it():
    machine = machine_from_facts(facts(cpuinfo="processor\t: 0\n"))
    assert (machine.clock_hz, machine.extra) == (None, {})


def test_collect_host_info_on_this_machine_is_a_valid_machine():
    machine = collect_host_info(name="override")
    assert machine.name == "override"
    assert machine.cores and machine.cores >= 1
