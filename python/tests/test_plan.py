"""hcl2rs.plan: a configuration planned as Terraform plans it. Expected
values from Terraform 1.11.4 (`terraform plan -out`, `terraform show
-json`) on the same files."""

import pytest

import hcl2rs

MAIN = """
variable "names" {
  type    = set(string)
  default = ["a", "b"]
}
resource "terraform_data" "web" {
  for_each = var.names
  input    = "web-${each.key}"
}
output "ids" {
  value = [for w in terraform_data.web : w.id]
}
output "inputs" {
  value = [for w in terraform_data.web : w.input]
}
"""


def test_plan_gives_terraform_show_json(tmp_path):
    (tmp_path / "main.tf").write_text(MAIN)
    p = hcl2rs.plan(tmp_path)
    changes = {c["address"]: c["change"] for c in p["resource_changes"]}
    assert list(changes) == ['terraform_data.web["a"]', 'terraform_data.web["b"]']
    assert changes['terraform_data.web["b"]']["after"] == {"input": "web-b", "triggers_replace": None}
    assert changes['terraform_data.web["b"]']["after_unknown"] == {"id": True, "output": True}
    assert p["output_changes"]["ids"]["after_unknown"] == [True, True]
    assert p["output_changes"]["inputs"]["after"] == ["web-a", "web-b"]
    p = hcl2rs.plan(tmp_path, var_values={"names": '["x"]'})
    assert [c["address"] for c in p["resource_changes"]] == ['terraform_data.web["x"]']


def test_plan_errors_are_terraform_diagnostics(tmp_path):
    (tmp_path / "main.tf").write_text(
        'resource "terraform_data" "a" {\n  for_each = ["a", "b"]\n}\n'
    )
    with pytest.raises(hcl2rs.HCLError) as e:
        hcl2rs.plan(tmp_path)
    assert e.value.diagnostics[0]["summary"] == "Invalid for_each argument"
    assert e.value.line == 2


def test_required_variables_can_be_unknown(tmp_path):
    (tmp_path / "main.tf").write_text(
        'variable "n" {\n  type = string\n}\nresource "terraform_data" "a" {\n  input = var.n\n}\n'
    )
    with pytest.raises(hcl2rs.HCLError, match="No value for required variable"):
        hcl2rs.plan(tmp_path)
    p = hcl2rs.plan(tmp_path, unknown_missing=True)
    assert p["resource_changes"][0]["change"]["after_unknown"]["input"] is True
    assert hcl2rs.plan(tmp_path, validate=True)["resource_changes"] == []


def test_environment_variables_are_read_only_when_given(tmp_path, monkeypatch):
    (tmp_path / "main.tf").write_text(MAIN)
    monkeypatch.setenv("TF_VAR_names", '["env"]')
    p = hcl2rs.plan(tmp_path)
    assert len(p["resource_changes"]) == 2
    import os

    p = hcl2rs.plan(tmp_path, env=os.environ)
    assert [c["address"] for c in p["resource_changes"]] == ['terraform_data.web["env"]']
    # A value given wins over the environment's, as with -var.
    p = hcl2rs.plan(tmp_path, env={"TF_VAR_names": '["env"]'}, var_values={"names": '["x"]'})
    assert [c["address"] for c in p["resource_changes"]] == ['terraform_data.web["x"]']


def test_the_plan_has_terraform_s_configuration_and_checks(tmp_path):
    # Terraform 1.11.4: references unwrapped down to the object; a
    # failed check block is a warning and its status "fail".
    (tmp_path / "main.tf").write_text(
        MAIN
        + 'check "two" {\n  assert {\n    condition     = length(var.names) == 3\n    error_message = "Three."\n  }\n}\n'
    )
    p = hcl2rs.plan(tmp_path)
    web = p["configuration"]["root_module"]["resources"][0]
    assert web["for_each_expression"] == {"references": ["var.names"]}
    assert web["expressions"]["input"] == {"references": ["each.key"]}
    assert p["checks"][0]["status"] == "fail"
    assert p["checks"][0]["instances"][0]["problems"] == [{"message": "Three."}]


def test_load_dir_module_leaves_switched_off_bodies_as_written(tmp_path):
    # Terraform plans this (count = 0: the body is not evaluated).
    (tmp_path / "main.tf").write_text(
        'variable "c" {\n  default = null\n}\n'
        'resource "terraform_data" "a" {\n  count = var.c == null ? 0 : 1\n  input = var.c.a\n}\n'
    )
    d = hcl2rs.load_dir(tmp_path, module=True)
    assert d["resource"]["terraform_data"]["a"]["input"] == "${var.c.a}"


def test_load_dir_follows_packer_s_conventions(tmp_path):
    (tmp_path / "build.pkr.hcl").write_text(
        'variable "ami" {\n  type = string\n}\nlocals {\n  name = "img-${var.ami}"\n}\n'
    )
    (tmp_path / "main.tf").write_text('variable "other" {}\n')
    with pytest.raises(hcl2rs.HCLError) as e:
        hcl2rs.load_dir(tmp_path, module=True, tool="packer")
    assert str(e.value).count('Unset variable "ami"') == 1
    d = hcl2rs.load_dir(tmp_path, module=True, tool="packer", env={"PKR_VAR_ami": "x"})
    assert d["locals"]["name"] == "img-x"
    with pytest.raises(ValueError):
        hcl2rs.load_dir(tmp_path, tool="vagrant", module=True)


def test_load_dir_module_can_leave_required_variables_unknown(tmp_path):
    (tmp_path / "main.tf").write_text(
        'variable "env" {\n  type = string\n}\nlocals {\n  name = "app-${var.env}"\n}\n'
        'output "name" {\n  value = local.name\n}\n'
    )
    with pytest.raises(hcl2rs.HCLError):
        hcl2rs.load_dir(tmp_path, module=True)
    d = hcl2rs.load_dir(tmp_path, module=True, unknown_missing=True)
    assert d["output"]["name"]["value"] == "${local.name}"
    with pytest.raises(ValueError):
        hcl2rs.load_dir(tmp_path, unknown_missing=True)


def test_the_configuration_section_can_be_left_out(tmp_path):
    (tmp_path / "main.tf").write_text(MAIN)
    full = hcl2rs.plan(tmp_path)
    lean = hcl2rs.plan(tmp_path, configuration=False)
    assert "configuration" in full and "configuration" not in lean
    del full["configuration"]
    assert lean == full

