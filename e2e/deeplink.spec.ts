import { expect, test } from "@playwright/test";
import { describeFixture, expectTips, hashParts, leafItem, libraryItem, openFiles, watchErrors } from "./explorer";

const SMALL = "golden/small-legacy.jsonl";
const BRANCHY = "golden/branchy-legacy.jsonl";

/** A tip that is not the file's current leaf, so selecting it is visible. */
function otherTip(relative: string): string {
	const f = describeFixture(relative);
	const tip = f.tips.find((id) => id !== f.currentLeaf);
	if (!tip) throw new Error(`${relative} has a single tip`);
	return tip;
}

test("clicking a tip puts #leaf=ID in the URL, and a reload comes back to it", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await openFiles(page, SMALL);
	const small = describeFixture(SMALL);
	await expectTips(page, small.tips);
	const tip = otherTip(SMALL);
	await leafItem(page, tip).click();
	await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
	await expect(page).toHaveURL(new RegExp(`#leaf=${tip}(&|$)`));
	expect(hashParts(page)).toEqual({ leaf: tip, session: small.id });

	await page.reload();
	await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
	await expect(leafItem(page, small.currentLeaf as string)).toHaveAttribute("aria-pressed", "false");
	expect(errors).toEqual([]);
});

test("#session=S&leaf=L&entry=E opens a stored session after a reload", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, SMALL, BRANCHY);
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	const small = describeFixture(SMALL);
	const tip = otherTip(SMALL);
	const entry = small.parsed.entries[3].id;
	// BRANCHY was loaded last and is open; the link names the other session.
	await page.goto(`./#session=${small.id}&leaf=${tip}&entry=${entry}`);
	await page.reload();
	await expectTips(page, small.tips);
	await expect(libraryItem(page, small.id)).toHaveAttribute("aria-current", "true");
	await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
	expect(hashParts(page)).toEqual({ leaf: tip, session: small.id, entry });
	await expect(page.getByTestId("link-error")).toHaveCount(0);
});

test("a bare #leaf=ID after a reload selects it in the session that was open", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, SMALL);
	const tip = otherTip(SMALL);
	await expectTips(page, describeFixture(SMALL).tips);
	await page.goto(`./#leaf=${tip}`);
	await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
	await page.reload();
	await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
});

test("hash changes select leaves in the open session", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, BRANCHY);
	const branchy = describeFixture(BRANCHY);
	await expectTips(page, branchy.tips);
	for (const tip of branchy.tips.slice(0, 3)) {
		await page.evaluate((id) => {
			window.location.hash = `leaf=${id}`;
		}, tip);
		await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
	}
});

test("links to an unknown leaf or session say so instead of failing", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await openFiles(page, SMALL);
	const small = describeFixture(SMALL);
	await expectTips(page, small.tips);

	await page.goto("./#leaf=nosuchid");
	await expect(page.getByTestId("link-error")).toContainText('leaf "nosuchid"');
	await expect(page.getByTestId("link-error")).toContainText("small-legacy.jsonl");
	await expect(leafItem(page, small.currentLeaf as string)).toHaveAttribute("aria-pressed", "true");
	await page.getByTestId("link-error").getByRole("button", { name: "Dismiss" }).click();
	await expect(page.getByTestId("link-error")).toHaveCount(0);

	// Loaded afresh with the link (a hash change then a reload raced the page's own rewrite of the
	// address to the session it still shows, flushed as the page was left).
	await page.goto("about:blank");
	await page.goto("./#session=not-in-the-library&leaf=abc");
	await expect(page.getByTestId("link-error")).toContainText('"not-in-the-library"');
	await expect(page.getByTestId("link-error")).toContainText("not in this browser's library");
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	// The page still works: open the stored session from the library.
	await libraryItem(page, small.id).click();
	await expectTips(page, small.tips);
	expect(errors).toEqual([]);
});
