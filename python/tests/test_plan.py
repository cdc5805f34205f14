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
