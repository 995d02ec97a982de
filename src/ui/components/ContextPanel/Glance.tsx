import { useEffect } from "react";
import { selectPathSeries, useStore } from "../../../store";
import { Composition } from "./Composition";
import "./Glance.css";
import { Costs } from "./Costs";
import { useInspector } from "./inspectorContext";
import { PathChart } from "./PathChart";

/**
 * The selected tip at a glance: what fills its context, what its path and the session cost, and
 * its path over time (asked of the worker when shown: it reads the whole path).
 */
export function Glance() {
	const { navigate } = useInspector();
	const series = useStore(selectPathSeries);
	const askPathSeries = useStore((s) => s.askPathSeries);
	const usage = useStore((s) => s.session?.description?.usage ?? null);
	useEffect(() => {
		if (!series) askPathSeries();
	}, [series, askPathSeries]);
	const ready = series?.status === "ready" ? series.value : null;
	return (
		<div className="ins-glance">
			<Composition />
			<Costs tip={ready?.usage ?? null} session={usage} />
			<PathChart
				series={ready}
				waiting={
					series?.status === "failed"
						? `could not be read: ${series.error}`
						: "reading the whole path (once per session: every entry's figures)…"
				}
				select={navigate}
			/>
		</div>
	);
}
