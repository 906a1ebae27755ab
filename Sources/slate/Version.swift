/// Slate's version: what `slate --version` prints, and the newest entry of
/// `CHANGELOG.md` (a test keeps the two the same).
let slateVersion = "0.1.0"
