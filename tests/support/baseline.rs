//! What the runners over data in the repository share (the Terraform
//! regression net, where Terraform reports errors): reading their gzipped
//! cases, and holding a run to the committed baseline and list of
//! disagreements, or writing them.
// (Each runner uses what it needs of this module.)
#![allow(dead_code)]

use std::collections::BTreeSet;

/// A runner's committed answers: `dir`'s `baseline.txt` (the counts to
/// keep, in order) and `disagreements.txt` (each disagreeing case under a
/// line `== ID`); `name` leads what it prints, and the environment
/// variable `write` set rewrites both files.
pub struct Baseline<'a> {
    pub dir: &'a str,
    pub name: &'a str,
    pub write: &'a str,
}

impl Baseline<'_> {
    /// The decompressed text of `dir`'s `file`.
    #[cfg(feature = "gzip")]
    pub fn read_gz(&self, file: &str) -> String {
        use std::io::Read;
        let path = format!("{}/{file}", self.dir);
        let f = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut text = String::new();
        flate2::read::GzDecoder::new(f)
            .read_to_string(&mut text)
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        text
    }

    /// Holds this run's `counts` (name, figure) and the cases that
    /// disagree (`listing` shows them) against the committed files, or
    /// writes them; whether the runner fails: a count below its baseline,
    /// or a case that agrees there and no longer does.
    pub fn hold(
        &self,
        counts: &[(&str, usize)],
        disagreeing: &BTreeSet<String>,
        listing: &str,
        verbose: bool,
    ) -> bool {
        let name = self.name;
        let baseline_path = format!("{}/baseline.txt", self.dir);
        let listing_path = format!("{}/disagreements.txt", self.dir);
        if std::env::var_os(self.write).is_some() {
            let line: Vec<String> = counts.iter().map(|(_, n)| n.to_string()).collect();
            std::fs::write(&baseline_path, line.join(" ") + "\n").expect("baseline.txt written");
            std::fs::write(&listing_path, listing).expect("disagreements.txt written");
            println!("{name}: wrote baseline.txt and disagreements.txt");
            return false;
        }
        if verbose {
            print!("{listing}");
        }
        let baseline = std::fs::read_to_string(&baseline_path).unwrap_or_default();
        let want: Vec<usize> = baseline
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect();
        let mut failed = want.len() != counts.len();
        if failed {
            println!("{name}: {baseline_path} holds no baseline");
        }
        for ((count, got), want) in counts.iter().zip(&want) {
            if got < want {
                println!("{name}: {count} {got}, below the baseline's {want}");
                failed = true;
            }
        }
        let listed: BTreeSet<String> = std::fs::read_to_string(&listing_path)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.strip_prefix("== "))
            .map(str::to_owned)
            .collect();
        for id in disagreeing.difference(&listed) {
            println!("{name}: {id} no longer agrees with Terraform (see -v)");
            failed = true;
        }
        let fixed: Vec<&String> = listed.difference(disagreeing).collect();
        if !fixed.is_empty() {
            let some: Vec<&str> = fixed.iter().take(10).map(|s| s.as_str()).collect();
            println!(
                "{name}: {} listed cases now agree ({}); {}=1 updates the files",
                fixed.len(),
                some.join(", "),
                self.write
            );
        }
        failed
    }
}
