//! `terraform fmt`'s rewrites of an attribute's value: an interpolation-only
//! template (`"${x}"` → `x`) and the legacy type keywords of `variable` blocks.

use super::*;

impl<'s> Printer<'s> {
    /// `terraform fmt`'s rewrites of an attribute value: `"${x}"` → `x`, and
    /// legacy type keywords in `variable` blocks (`"string"` → `string`,
    /// `list` → `list(any)`, ...). Returns whether it wrote the value.
    pub(super) fn terraform_rewrite(&mut self, name: &str, e: &Expression<'_>) -> bool {
        if let ExprKind::Template(t) = &e.kind {
            if let (TemplateKind::Quoted, [Element::Interpolation(i)]) =
                (&t.kind, t.template.elements)
            {
                let parens = matches!(i.expr.kind, ExprKind::Parenthesis(_));
                let multiline = self.src_multiline(i.expr.span);
                if !parens && multiline == Some(true) {
                    // Written over several lines, it needs brackets at the
                    // top level: `terraform fmt` adds parentheses.
                    self.open("(");
                    self.expr(&i.expr, Mode::Inline);
                    self.close(")");
                    return true;
                }
                // `/* */` comments beside the expression on its line stay.
                let open_end = i.span.start() + if i.strip.start { 3 } else { 2 };
                let close_start = i.span.end().saturating_sub(if i.strip.end { 2 } else { 1 });
                let one_line = |p: &Self, from: usize, to: usize| {
                    p.layout_src().is_some_and(|src| {
                        from <= to
                            && span_ok(Span::new(from, to), src)
                            && !src[from..to].contains('\n')
                    })
                };
                if one_line(self, open_end, i.expr.span.start()) {
                    self.inline_comments(open_end, i.expr.span.start(), true);
                }
                if parens || multiline.is_some() {
                    self.expr(&i.expr, Mode::Inline);
                } else {
                    self.no_layout += 1;
                    self.expr(&i.expr, Mode::Inline);
                    self.no_layout -= 1;
                }
                if one_line(self, i.expr.span.end(), close_start) {
                    self.inline_comments(i.expr.span.end(), close_start, false);
                }
                return true;
            }
        }
        if self.in_variable && name == "type" {
            let new = match &e.kind {
                ExprKind::String(s) => match &**s {
                    "string" => "string",
                    "list" => "list(string)",
                    "map" => "map(string)",
                    _ => return false,
                },
                ExprKind::Variable(v) => match *v {
                    "list" => "list(any)",
                    "map" => "map(any)",
                    "set" => "set(any)",
                    _ => return false,
                },
                _ => return false,
            };
            self.w(new);
            return true;
        }
        false
    }
}
