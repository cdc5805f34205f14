//! Unified diffs of two texts, line by line, as `diff -u` prints them
//! (three lines of context, `\ No newline at end of file`).

/// The context lines around each change.
const CONTEXT: usize = 3;

/// Past this many changed lines (after the common start and end), the
/// changed middle is shown as one replacement instead of searching for the
/// shortest edit (whose cost grows with the square of the changes).
const MAX_EDITS: usize = 2000;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Op {
    Same,
    Delete,
    Insert,
}

/// The unified diff from `old` to `new`, labelled `old/LABEL` and
/// `new/LABEL` as `terraform fmt -diff` labels it; empty if they are equal.
pub(super) fn unified(old: &str, new: &str, label: &str) -> String {
    let a: Vec<&str> = old.split_inclusive('\n').collect();
    let b: Vec<&str> = new.split_inclusive('\n').collect();
    let ops = edit_script(&a, &b);
    let mut out = String::new();
    if ops.iter().all(|&op| op == Op::Same) {
        return out;
    }
    out.push_str(&format!("--- old/{label}\n+++ new/{label}\n"));
    // Each op's position in `a` and `b` before it.
    let mut pos = Vec::with_capacity(ops.len() + 1);
    let (mut i, mut j) = (0, 0);
    for &op in &ops {
        pos.push((i, j));
        match op {
            Op::Same => (i, j) = (i + 1, j + 1),
            Op::Delete => i += 1,
            Op::Insert => j += 1,
        }
    }
    pos.push((i, j));
    let changes: Vec<usize> = (0..ops.len()).filter(|&k| ops[k] != Op::Same).collect();
    let mut k = 0;
    while k < changes.len() {
        // A hunk: changes less than two contexts apart, with context.
        let mut last = k;
        while last + 1 < changes.len() && changes[last + 1] - changes[last] <= 2 * CONTEXT + 1 {
            last += 1;
        }
        let start = changes[k].saturating_sub(CONTEXT);
        let end = (changes[last] + 1 + CONTEXT).min(ops.len());
        let (a0, b0) = pos[start];
        let (a1, b1) = pos[end];
        out.push_str(&format!(
            "@@ -{} +{} @@\n",
            range(a0, a1 - a0),
            range(b0, b1 - b0)
        ));
        for (op, &(i, j)) in ops[start..end].iter().zip(&pos[start..end]) {
            let (sign, line) = match op {
                Op::Same => (' ', a[i]),
                Op::Delete => ('-', a[i]),
                Op::Insert => ('+', b[j]),
            };
            out.push(sign);
            out.push_str(line);
            if !line.ends_with('\n') {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
        k = last + 1;
    }
    out
}

/// A hunk's line range: `START` for one line, `START,COUNT` otherwise
/// (an empty range starts at the line before it).
fn range(start: usize, count: usize) -> String {
    match count {
        1 => format!("{}", start + 1),
        0 => format!("{start},0"),
        n => format!("{},{n}", start + 1),
    }
}

/// The shortest edit script from `a` to `b` (Myers' algorithm), past the
/// lines they start and end with.
fn edit_script(a: &[&str], b: &[&str]) -> Vec<Op> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut ops = vec![Op::Same; prefix];
    match myers(am, bm) {
        Some(middle) => ops.extend(middle),
        None => {
            ops.extend(std::iter::repeat(Op::Delete).take(am.len()));
            ops.extend(std::iter::repeat(Op::Insert).take(bm.len()));
        }
    }
    ops.extend(std::iter::repeat(Op::Same).take(suffix));
    ops
}

/// Myers' greedy shortest edit script, or `None` past [`MAX_EDITS`].
fn myers(a: &[&str], b: &[&str]) -> Option<Vec<Op>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = (a.len() + b.len()).min(MAX_EDITS) as isize;
    // v[k]: the furthest x on diagonal k = x - y; index k + off.
    let off = max + 1;
    let mut v = vec![0isize; 2 * off as usize + 1];
    // The diagonals -d..=d of `v` before each step d.
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let at = |k: isize| (k + off) as usize;
    for d in 0..=max {
        trace.push(v[at(-d)..=at(d)].to_vec());
        for k in (-d..=d).step_by(2) {
            let mut x = if k == -d || (k != d && v[at(k - 1)] < v[at(k + 1)]) {
                v[at(k + 1)]
            } else {
                v[at(k - 1)] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[at(k)] = x;
            if x >= n && y >= m {
                return Some(backtrack(&trace, n, m));
            }
        }
    }
    None
}

/// The ops of the path found by [`myers`], from the end back.
fn backtrack(trace: &[Vec<isize>], n: isize, m: isize) -> Vec<Op> {
    let mut ops = Vec::new();
    let (mut x, mut y) = (n, m);
    for (d, v) in trace.iter().enumerate().skip(1).rev() {
        let d = d as isize;
        let get = |k: isize| v[(k + d) as usize];
        let k = x - y;
        let prev_k = if k == -d || (k != d && get(k - 1) < get(k + 1)) {
            k + 1
        } else {
            k - 1
        };
        let prev_x = get(prev_k);
        let prev_y = prev_x - prev_k;
        while x > prev_x && y > prev_y {
            ops.push(Op::Same);
            x -= 1;
            y -= 1;
        }
        ops.push(if x == prev_x { Op::Insert } else { Op::Delete });
        (x, y) = (prev_x, prev_y);
    }
    // Step 0: the snake from the start.
    ops.extend(std::iter::repeat(Op::Same).take(x as usize));
    ops.reverse();
    ops
}

#[cfg(test)]
mod tests {
    use super::unified;

    #[test]
    fn equal_texts_have_no_diff() {
        assert_eq!(unified("a\nb\n", "a\nb\n", "f"), "");
    }

    #[test]
    fn hunks_have_three_lines_of_context() {
        let old = "1\n2\n3\n4\nx=1\n5\n6\n7\n8\n";
        let new = "1\n2\n3\n4\nx = 1\n5\n6\n7\n8\n";
        assert_eq!(
            unified(old, new, "f.tf"),
            "--- old/f.tf\n+++ new/f.tf\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-x=1\n+x = 1\n 5\n 6\n 7\n"
        );
    }

    #[test]
    fn changes_far_apart_are_separate_hunks() {
        let old: String = (0..20).map(|i| format!("{i}\n")).collect();
        let new: String = (0..20)
            .map(|i| match i {
                2 => "two\n".to_owned(),
                17 => "seventeen\n".to_owned(),
                i => format!("{i}\n"),
            })
            .collect();
        let diff = unified(&old, &new, "f");
        assert_eq!(diff.matches("@@ -").count(), 2, "{diff}");
        assert!(diff.contains("@@ -1,6 +1,6 @@\n"), "{diff}");
        assert!(diff.contains("@@ -15,6 +15,6 @@\n"), "{diff}");
    }

    #[test]
    fn missing_final_newlines_and_empty_sides() {
        assert_eq!(
            unified("x=1", "x = 1", "n"),
            "--- old/n\n+++ new/n\n@@ -1 +1 @@\n-x=1\n\\ No newline at end of file\n+x = 1\n\\ No newline at end of file\n"
        );
        assert_eq!(
            unified("", "a\n", "e"),
            "--- old/e\n+++ new/e\n@@ -0,0 +1 @@\n+a\n"
        );
        assert_eq!(
            unified("a\n\n", "a\n", "e"),
            "--- old/e\n+++ new/e\n@@ -1,2 +1 @@\n a\n-\n"
        );
    }

    #[test]
    fn many_changes_are_one_replacement() {
        let old: String = (0..3000).map(|i| format!("{i}\n")).collect();
        let new: String = (0..3000).map(|i| format!("{i} \n")).collect();
        let diff = unified(&old, &new, "f");
        assert!(diff.starts_with("--- old/f\n+++ new/f\n@@ -1,3000 +1,3000 @@\n-0\n"));
        assert_eq!(diff.lines().count(), 6003);
    }
}
