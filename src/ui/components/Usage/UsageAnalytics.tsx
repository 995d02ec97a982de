import { useMemo } from "react";
import { type Store, useStore } from "../../../store";
import { downloadBlob } from "../../../store/browser";
import { formatDay } from "./format";
import { SessionUsageList } from "./SessionUsageList";
import { UncountedNote } from "./UncountedNote";
import { UsageDayChart } from "./UsageDayChart";
import { UsageSummaryView } from "./UsageSummaryView";
import { UsageTable, type UsageTableRow } from "./UsageTable";
import { usageCsv, usageView } from "./usageView";

const selectLibrary = (s: Store) => s.library;
const selectOpenStored = (s: Store) => s.openStored;

/**
 * The library's tokens and cost, from the usage summaries stored with each session: totals, by
 * day (chart and table), by model, by project and by session, and a CSV of it all.
 */
export function UsageAnalytics({ onClose }: { onClose(): void }) {
	const library = useStore(selectLibrary);
	const openStored = useStore(selectOpenStored);
	const view = useMemo(() => usageView(library), [library]);
	const days = useMemo<UsageTableRow[]>(() => view.byDay.map((g) => ({ ...g, label: formatDay(g.key) })), [view]);
	const models = useMemo<UsageTableRow[]>(
		() =>
			view.byModel.map((g) => ({
				...g,
				label: (
					<>
						{g.model || "unknown model"} <span className="muted">{g.provider || "unknown provider"}</span>
					</>
				),
			})),
		[view],
	);
	const projects = useMemo<UsageTableRow[]>(
		() => view.byProject.map((g) => ({ ...g, label: g.key || "no folder" })),
		[view],
	);
	const metric = view.totals.costed > 0 ? "cost" : "tokens";
	const saveCsv = () => downloadBlob(new Blob([usageCsv(library)], { type: "text/csv;charset=utf-8" }), "usage.csv");
	return (
		<div className="usage">
			<UsageSummaryView view={view} />
			<div className="usage__actions">
				<button type="button" className="button button--small" data-testid="usage-csv" onClick={saveCsv}>
					Download CSV
				</button>
				<span className="muted small">One line per session, day, provider and model.</span>
			</div>
			<UncountedNote sessions={view.uncounted} />
			{view.totals.replies === 0 ? (
				<p className="muted">No stored session has replies with recorded usage.</p>
			) : (
				<>
					<section className="usage__section" aria-labelledby="usage-by-day">
						<h3 id="usage-by-day" className="usage__heading">
							{metric === "cost" ? "Cost by day" : "Tokens by day (no cost recorded)"}{" "}
							<span className="muted small">UTC</span>
						</h3>
						<UsageDayChart days={view.byDay} metric={metric} />
						<UsageTable caption="Usage by day" first="Day (UTC)" rows={days} testId="usage-by-day" />
					</section>
					<section className="usage__section" aria-labelledby="usage-by-model">
						<h3 id="usage-by-model" className="usage__heading">
							By model and provider
						</h3>
						<UsageTable caption="Usage by model" first="Model" rows={models} testId="usage-by-model" />
					</section>
					<section className="usage__section" aria-labelledby="usage-by-project">
						<h3 id="usage-by-project" className="usage__heading">
							By project
						</h3>
						<UsageTable caption="Usage by project" first="Project" rows={projects} testId="usage-by-project" />
					</section>
					<section className="usage__section" aria-labelledby="usage-by-session">
						<h3 id="usage-by-session" className="usage__heading">
							By session <span className="muted small">{view.counted}</span>
						</h3>
						<SessionUsageList
							sessions={view.bySession}
							onOpen={(id) => {
								onClose();
								void openStored(id);
							}}
						/>
					</section>
				</>
			)}
		</div>
	);
}
