// Types of build-stamp.mjs (a plain script, run by npm run build without a compile step).
export declare const STAMP: string;
export declare function markBuildStart(dir?: string): void;
export declare function writeBuildStamp(dir?: string): void;
