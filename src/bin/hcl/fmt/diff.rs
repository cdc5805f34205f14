//! Unified diffs of two texts, line by line, as `diff -u` prints them
//! (three lines of context, `\ No newline at end of file`).
//!
//! `terraform fmt -diff` runs the system's `diff -u` (GNU diffutils on
//! Linux), so its output is that program's: which lines a change keeps,
//! when several edit scripts would do, depends on how it searches. This
//! file searches as it does: lines the other side lacks (or has many of,
//! amid such lines) left out first, Myers' linear-space search splitting
//! each range at the middle of its path, then each run of changes slid as
//! far down as it goes, or back to a change of the other side. A diff
//! crate (`similar` 2, Myers or patience) makes other choices: of the 737
//! `.tf` and `.tfvars` files of the corpus that `terraform fmt` changes,
//! its diffs are Terraform's bytes for 732 (733 with patience), this
//! file's for 736 (`scripts/fmt_diff_agreement.sh`: 846 of the corpus's
//! 847 diffs).

use std::collections::HashMap;

/// The context lines around each change.
const CONTEXT: usize = 3;

/// Past this many edits in one range, the range is shown as one
/// replacement instead of searching on (the search's cost grows with the
/// square of the edits).
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

/// Which lines of each side are changed, then the ops: in each group of
/// changes, the deleted lines before the inserted ones.
fn edit_script(a: &[&str], b: &[&str]) -> Vec<Op> {
    // Each line as a number, equal lines as equal numbers.
    let mut ids: HashMap<&str, u32> = HashMap::new();
    let (x, y) = (number(&mut ids, a), number(&mut ids, b));
    // How many times each line is on each side.
    let mut count = vec![[0u32; 2]; ids.len()];
    for (side, lines) in [(0, &x), (1, &y)] {
        for &v in lines {
            count[v as usize][side] += 1;
        }
    }
    let mut cx = discards(&x, |v| count[v as usize][1]);
    let mut cy = discards(&y, |v| count[v as usize][0]);
    // The search sees the lines not left out, `kx` and `ky` their places.
    let kept = |changed: &[bool]| -> Vec<usize> {
        (0..changed.len() - 2)
            .filter(|&i| !changed[i + 1])
            .collect()
    };
    let (kx, ky) = (kept(&cx), kept(&cy));
    let sx: Vec<u32> = kx.iter().map(|&i| x[i]).collect();
    let sy: Vec<u32> = ky.iter().map(|&j| y[j]).collect();
    let (mut scx, mut scy) = (vec![false; sx.len() + 2], vec![false; sy.len() + 2]);
    compare(&sx, &sy, &mut scx, &mut scy);
    for (places, found, changed) in [(&kx, &scx, &mut cx), (&ky, &scy, &mut cy)] {
        for (k, &i) in places.iter().enumerate() {
            changed[i + 1] |= found[k + 1];
        }
    }
    shift_boundaries(&x, &mut cx, &cy);
    shift_boundaries(&y, &mut cy, &cx);
    let mut ops = Vec::with_capacity(x.len() + y.len());
    let (mut i, mut j) = (0, 0);
    while i < x.len() || j < y.len() {
        if i < x.len() && cx[i + 1] {
            ops.push(Op::Delete);
            i += 1;
        } else if j < y.len() && cy[j + 1] {
            ops.push(Op::Insert);
            j += 1;
        } else {
            ops.push(Op::Same);
            i += 1;
            j += 1;
        }
    }
    ops
}

/// `lines` as numbers, equal lines as equal numbers (`ids`: those given).
fn number<'a>(ids: &mut HashMap<&'a str, u32>, lines: &[&'a str]) -> Vec<u32> {
    lines
        .iter()
        .map(|&l| {
            let n = ids.len() as u32;
            *ids.entry(l).or_insert(n)
        })
        .collect()
}

/// Marks the lines of a shortest edit script from `x` to `y` changed:
/// Myers' linear-space search, each range split at the middle of its
/// shortest path (both ends searched at once).
fn compare(x: &[u32], y: &[u32], cx: &mut [bool], cy: &mut [bool]) {
    let n = x.len() + y.len() + 3;
    let mut diagonals = Diagonals {
        fwd: vec![0; 2 * n + 2],
        bwd: vec![0; 2 * n + 2],
        off: n as isize + 1,
    };
    let mut stack = vec![(0usize, x.len(), 0usize, y.len())];
    while let Some((mut xoff, mut xlim, mut yoff, mut ylim)) = stack.pop() {
        while xoff < xlim && yoff < ylim && x[xoff] == y[yoff] {
            xoff += 1;
            yoff += 1;
        }
        while xoff < xlim && yoff < ylim && x[xlim - 1] == y[ylim - 1] {
            xlim -= 1;
            ylim -= 1;
        }
        if xoff == xlim {
            for j in yoff..ylim {
                cy[j + 1] = true;
            }
            continue;
        }
        if yoff == ylim {
            for i in xoff..xlim {
                cx[i + 1] = true;
            }
            continue;
        }
        match diagonals.middle(x, y, (xoff, xlim), (yoff, ylim)) {
            Some((xm, ym)) => {
                stack.push((xm, xlim, ym, ylim));
                stack.push((xoff, xm, yoff, ym));
            }
            None => {
                for i in xoff..xlim {
                    cx[i + 1] = true;
                }
                for j in yoff..ylim {
                    cy[j + 1] = true;
                }
            }
        }
    }
}

/// The furthest points reached on each diagonal (`x - y`, at index
/// `x - y + off`), searching forwards and backwards.
struct Diagonals {
    fwd: Vec<isize>,
    bwd: Vec<isize>,
    off: isize,
}

impl Diagonals {
    /// Where a shortest path from the start of lines `xs` of `x` and `ys`
    /// of `y` to their end crosses its middle, found by searching from
    /// both ends one edit at a time; `None` past [`MAX_EDITS`] edits.
    fn middle(
        &mut self,
        x: &[u32],
        y: &[u32],
        (xoff, xlim): (usize, usize),
        (yoff, ylim): (usize, usize),
    ) -> Option<(usize, usize)> {
        let (xoff, xlim, yoff, ylim) = (xoff as isize, xlim as isize, yoff as isize, ylim as isize);
        let (fd, bd, off) = (&mut self.fwd, &mut self.bwd, self.off);
        let dmin = xoff - ylim;
        let dmax = xlim - yoff;
        let fmid = xoff - yoff;
        let bmid = xlim - ylim;
        let (mut fmin, mut fmax, mut bmin, mut bmax) = (fmid, fmid, bmid, bmid);
        let odd = (fmid - bmid) & 1 != 0;
        let at = |d: isize| (d + off) as usize;
        fd[at(fmid)] = xoff;
        bd[at(bmid)] = xlim;
        for c in 1.. {
            if c > MAX_EDITS {
                return None;
            }
            if fmin > dmin {
                fmin -= 1;
                fd[at(fmin - 1)] = -1;
            } else {
                fmin += 1;
            }
            if fmax < dmax {
                fmax += 1;
                fd[at(fmax + 1)] = -1;
            } else {
                fmax -= 1;
            }
            let mut d = fmax;
            while d >= fmin {
                let (tlo, thi) = (fd[at(d - 1)], fd[at(d + 1)]);
                let mut px = if tlo >= thi { tlo + 1 } else { thi };
                let mut py = px - d;
                while px < xlim && py < ylim && x[px as usize] == y[py as usize] {
                    px += 1;
                    py += 1;
                }
                fd[at(d)] = px;
                if odd && bmin <= d && d <= bmax && bd[at(d)] <= px {
                    return Some((px as usize, py as usize));
                }
                d -= 2;
            }
            if bmin > dmin {
                bmin -= 1;
                bd[at(bmin - 1)] = isize::MAX;
            } else {
                bmin += 1;
            }
            if bmax < dmax {
                bmax += 1;
                bd[at(bmax + 1)] = isize::MAX;
            } else {
                bmax -= 1;
            }
            let mut d = bmax;
            while d >= bmin {
                let (tlo, thi) = (bd[at(d - 1)], bd[at(d + 1)]);
                let mut px = if tlo < thi { tlo } else { thi - 1 };
                let mut py = px - d;
                while xoff < px && yoff < py && x[px as usize - 1] == y[py as usize - 1] {
                    px -= 1;
                    py -= 1;
                }
                bd[at(d)] = px;
                if !odd && fmin <= d && d <= fmax && px <= fd[at(d)] {
                    return Some((px as usize, py as usize));
                }
                d -= 2;
            }
        }
        None
    }
}

/// Slides each run of changed lines of one side down as far as the lines
/// allow (merging with the runs it meets), then back up to where it lines
/// up with a run of changes of the other side, if it passed one.
fn shift_boundaries(lines: &[u32], changed: &mut [bool], other: &[bool]) {
    let end = lines.len();
    let eq = |i: usize, j: usize| lines[i] == lines[j];
    // Positions in `changed`/`other` are line + 1.
    let (mut i, mut j) = (0usize, 0usize);
    loop {
        while i < end && !changed[i + 1] {
            while other[j + 1] {
                j += 1;
            }
            j += 1;
            i += 1;
        }
        if i == end {
            break;
        }
        let mut start = i;
        while changed[i + 1] {
            i += 1;
        }
        while other[j + 1] {
            j += 1;
        }
        let mut corresponding;
        loop {
            let runlength = i - start;
            while start > 0 && eq(start - 1, i - 1) {
                start -= 1;
                changed[start + 1] = true;
                i -= 1;
                changed[i + 1] = false;
                while changed[start] {
                    start -= 1;
                }
                j -= 1;
                while other[j + 1] {
                    j -= 1;
                }
            }
            corresponding = if other[j] { i } else { end };
            while i != end && eq(start, i) {
                changed[start + 1] = false;
                start += 1;
                changed[i + 1] = true;
                i += 1;
                while changed[i + 1] {
                    i += 1;
                }
                loop {
                    j += 1;
                    if other[j + 1] {
                        corresponding = i;
                    } else {
                        break;
                    }
                }
            }
            if runlength == i - start {
                break;
            }
        }
        while corresponding < i {
            start -= 1;
            changed[start + 1] = true;
            i -= 1;
            changed[i + 1] = false;
            j -= 1;
            while other[j + 1] {
                j -= 1;
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Discard {
    Keep,
    Sure,
    Maybe,
}

/// The lines of one side left out of the search, as changed (index `i + 1`
/// for line `i`, an unchanged line before and after): those the other
/// side does not have, and, amid runs of them, those it has many of
/// (`others(line)`: how many).
fn discards(lines: &[u32], others: impl Fn(u32) -> u32) -> Vec<bool> {
    let n = lines.len();
    let many = 5u32 << quarterings(n / 64);
    let mut d: Vec<Discard> = lines
        .iter()
        .map(|&v| match others(v) {
            0 => Discard::Sure,
            c if c > many => Discard::Maybe,
            _ => Discard::Keep,
        })
        .collect();
    let mut i = 0;
    while i < n {
        match d[i] {
            Discard::Keep => {}
            Discard::Maybe => d[i] = Discard::Keep,
            Discard::Sure => {
                // The run of lines that may be left out from here, without
                // the doubtful ones at its end.
                let mut end = i;
                while end < n && d[end] != Discard::Keep {
                    end += 1;
                }
                while end > i && d[end - 1] == Discard::Maybe {
                    end -= 1;
                    d[end] = Discard::Keep;
                }
                let run = &mut d[i..end];
                let len = run.len();
                let maybe = run.iter().filter(|&&x| x == Discard::Maybe).count();
                if maybe * 4 > len {
                    for x in run.iter_mut() {
                        if *x == Discard::Maybe {
                            *x = Discard::Keep;
                        }
                    }
                } else {
                    // Doubtful lines as many in a row as about the square
                    // root of a quarter of the run are kept.
                    let minimum = (1usize << quarterings(len >> 2)) + 1;
                    let mut k = 0;
                    while k < len {
                        if run[k] == Discard::Maybe {
                            let s = k;
                            while k < len && run[k] == Discard::Maybe {
                                k += 1;
                            }
                            if k - s >= minimum {
                                for x in &mut run[s..k] {
                                    *x = Discard::Keep;
                                }
                            }
                        } else {
                            k += 1;
                        }
                    }
                    keep_doubtful_near(run.iter_mut());
                    keep_doubtful_near(run.iter_mut().rev());
                }
                i = end;
                continue;
            }
        }
        i += 1;
    }
    let mut changed = vec![false; n + 2];
    for (i, x) in d.into_iter().enumerate() {
        changed[i + 1] = x != Discard::Keep;
    }
    changed
}

/// How many times `t` can be shifted right by two bits and stay above
/// zero (about half of `log2 t`).
fn quarterings(mut t: usize) -> u32 {
    let mut k = 0;
    loop {
        t >>= 2;
        if t == 0 {
            return k;
        }
        k += 1;
    }
}

/// From one end of a run (`run` in that order): its doubtful lines kept
/// until three sure ones in a row, or a sure one past the eighth line.
fn keep_doubtful_near<'a>(run: impl Iterator<Item = &'a mut Discard>) {
    let mut sure_in_a_row = 0;
    for (k, x) in run.enumerate() {
        if k >= 8 && *x == Discard::Sure {
            break;
        }
        match *x {
            Discard::Maybe => {
                sure_in_a_row = 0;
                *x = Discard::Keep;
            }
            Discard::Keep => sure_in_a_row = 0,
            Discard::Sure => sure_in_a_row += 1,
        }
        if sure_in_a_row == 3 {
            break;
        }
    }
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

    /// Where edit scripts as short differ, GNU diff's choice (these
    /// expected texts are `diff -u`'s, diffutils 3.8): deletions before
    /// insertions, the kept `}` the last one.
    #[test]
    fn as_short_scripts_are_chosen_as_diff_chooses() {
        let old = "terraform {\nrequired_providers {\nfoo = 1\n}\n}\n}\n\nx = 1\n";
        let new = "terraform {\n  required_providers {\n    foo = 1\n  }\n}\n\nx = 1\n";
        assert_eq!(
            unified(old, new, "f.tf"),
            "--- old/f.tf\n+++ new/f.tf\n@@ -1,8 +1,7 @@\n terraform {\n-required_providers {\n-foo = 1\n-}\n-}\n+  required_providers {\n+    foo = 1\n+  }\n }\n \n x = 1\n"
        );
        // Of the two blank lines, the second is kept.
        assert_eq!(
            unified("y\n\n\n", "c {\n\nx\n", "f"),
            "--- old/f\n+++ new/f\n@@ -1,3 +1,3 @@\n-y\n-\n+c {\n \n+x\n"
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
